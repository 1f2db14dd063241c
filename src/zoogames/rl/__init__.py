"""Research interfaces: PettingZoo, Gymnasium and OpenSpiel (see ``docs/rl.md``).

- :mod:`zoogames.rl.spaces`: the fixed action index space and the observation encoding
  of each game and player count, shared by every adapter;
- :mod:`zoogames.rl.pettingzoo`: ``env(game, players)``, an AEC environment;
- :mod:`zoogames.rl.gymnasium`: ``zoogames/<Game>-v0``, one seat against zoogames bots;
- :mod:`zoogames.rl.openspiel`: ``pyspiel.load_game("zoogames_<game>")``.

They need the ``rl`` extra: ``pip install 'zoogames[rl]'``.
"""
