"""Pair, check, validate, generate and rank Swiss-system chess tournaments.

FIDE Dutch (C.04.3: 2026, 2017, 2012), Dubov (C.04.4.1: 2026, 2018), Lim
(C.04.4.3: 2026, 1999) and TCEC Swiss, from TRF16, TRF-2026 or JSON, with
the engines of the ``swiss`` command, in-process::

    import swiss
    t = swiss.read("tournament.trf")
    p = swiss.pair(t, system="dutch")
    print(p.boards, p.bye)
    print(p)  # exactly what `swiss pair` writes
"""

from ._swiss import (
    CheckReport,
    InputError,
    InternalError,
    NoLegalPairing,
    Pairing,
    Player,
    Problem,
    Standing,
    Standings,
    SwissError,
    Tournament,
    check,
    generate,
    pair,
    read,
    standings,
    systems,
    validate,
)

__all__ = [
    "CheckReport",
    "InputError",
    "InternalError",
    "NoLegalPairing",
    "Pairing",
    "Player",
    "Problem",
    "Standing",
    "Standings",
    "SwissError",
    "Tournament",
    "check",
    "generate",
    "pair",
    "read",
    "standings",
    "systems",
    "validate",
]
