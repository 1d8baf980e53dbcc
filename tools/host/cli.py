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
