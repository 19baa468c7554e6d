"""The shared presentation kit: what every game's board view, panels and tutorial are made of.

Pure functions that return markup (seats and their tokens, chips, the move list, the saves
list) and the protocols a game's presenter and tutorial script follow. Games import this
package; it imports no game.
"""
