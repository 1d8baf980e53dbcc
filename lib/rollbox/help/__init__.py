"""Help pages, one module per game screen (issue 14, item 4): each
``lines(game, state, buttons)`` returns the page the pause screen's "Rules
and keys" shows (Keys, Symbols, Rules; at most 26 characters a line).
The pause screen imports a page only to show it and unloads it after.
"""
