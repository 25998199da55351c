"""Back to Iraq, 3rd edition (Strategy & Tactics #208, Decision Games, 2002): game id ``back_to_iraq``.

This package holds, for now, only the game's data: the map of Iraq and its neighbours, the terrain effects
chart, both combat results tables, the counters of both scenarios and every lost parameter of the rules
digest (``shared/rules/back_to_iraq.md`` §10.3), loaded and checked by ``data.py``, with their reasons in
``PROVENANCE.md``. The rules, the sequence of play, the view and the computer opponent come in later work;
the game is not yet registered in ``server.games.GAMES``.
"""
