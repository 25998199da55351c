"""Conflict of Heroes: Awakening the Bear! – Russia 1941-42 (Academy Games, 1st edition 2008): the foundations.

Digest ``shared/rules/conflict_of_heroes.md``; history brief ``shared/history/conflict_of_heroes.md``.

What exists (pure modules, importing nothing of the server outside ``server.engine``):
- ``data.py`` with ``board.py``, ``units.py``, ``tables.py``: the five geomorphic boards, the unit types, the two
  hit-counter piles and the terrain tables (``data/*.json``), checked at load; ``PROVENANCE.md`` says what is
  reconstructed and why;
- ``board.py``: a firefight's map (boards joined, hexes ``2-J10``, terrain, elevation, walls, roads, slopes);
- ``los.py``: line of sight (§6.0, §11.3, §11.4, §13.0), arc of fire and flank (§5.2, §6.1), range (§7.6);
- ``fire.py``: attack and defence values, hits, hit counters and rally (§7, §11.2, §12, §15, §20, §21);
- ``movement.py``: what entering a hex costs infantry (§5.0-§5.3, §11) and a vehicle's move (§14.0-§14.1).

What does not exist yet: the state, the sequence of play (pre-turn, activations, reactions, CAP, passes), action
cards, group actions, hidden units, mortars' indirect fire and artillery as actions, fortifications and
obstacles as counters, transport, firefights (scenarios), views, bots. The game is not in ``server.games.GAMES``.
"""
