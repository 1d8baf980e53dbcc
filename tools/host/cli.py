"""Command-line arguments of the host tools, checked before any work
starts: a bad value stops the tool at once with the accepted ones, never a
traceback or an hour of benchmark later."""


def pick(parser, option, text, allowed):
    """The comma-separated values of ``option`` (``text``), each one of
    ``allowed`` (strings), in the order given; ``parser.error`` (exit
    status 2, the accepted values named) on an empty or unknown one."""
    values = text.split(",")
    for value in values:
        if value not in allowed:
            parser.error("%s: %r is not one of %s" % (option, value, ", ".join(allowed)))
    return values


def out_folder(path):
    """Make folder ``path`` (and its missing parents) for a tool's output
    files and check that a file can be written in it, before any work
    starts; return ``path``.

    :raises ValueError: one line naming ``path`` and why: it is a file, a
        parent is a file, it cannot be made, or it is not writable.
    """
    import os
    import tempfile

    if os.path.exists(path) and not os.path.isdir(path):
        raise ValueError("--out %s is a file, not a folder" % path)
    try:
        os.makedirs(path, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as err:
        raise ValueError("--out %s: cannot write there: %s" % (path, err.strerror or err)) \
            from err
    return path
