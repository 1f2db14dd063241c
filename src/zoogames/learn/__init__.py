"""Self-play and training of the learned evaluation (``zoogames train``; docs/bots.md).

- :mod:`zoogames.learn.data`: self-play games on the arena's workers (or Ray), and the
  positions of their records as features and final margins (no PyTorch);
- :mod:`zoogames.learn.fit`: a small MLP fitted with PyTorch (the ``[train]`` extra) on
  the CPU, or CUDA where present, and written as the JSON weights file that
  :mod:`zoogames.bots.value` reads in plain Python;
- :mod:`zoogames.learn.cli`: the ``zoogames train selfplay`` and ``zoogames train fit``
  commands.

Playing never imports this package: only training does.
"""
