"""Reference engines: the rules of each game as plain, readable Python.

Each module here (``tractor`` is a package, whose modules mirror those of the Rust core's Tractor) is an
executable specification of one game, written from the rules text (rule numbers are cited in the code) and
the engine contract in ``docs/``, using the standard library only. They implement the same search protocol
as the fast Rust engines, so the two can be compared action by action in differential tests and benchmarks.
They are slow by design: clarity first, speed never.

From the rest of ``tricktaker`` it imports only ``tricktaker.errors`` (pure Python), so that both engines
raise the same exceptions.
"""

from . import sheepshead, tractor

__all__ = ["sheepshead", "tractor"]
