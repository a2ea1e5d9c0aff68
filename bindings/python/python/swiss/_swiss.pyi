"""Type stubs of the native module ``swiss._swiss`` (re-exported by ``swiss``)."""

import os
from typing import Any, Dict, List, Literal, Mapping, Optional, Sequence, Tuple, Union, overload

Source = Union[str, "os.PathLike[str]", Mapping[str, Any], "Tournament"]
Colour = Literal["w", "b"]

class SwissError(Exception):
    """The base of every error this package raises."""

class InputError(SwissError):
    """Invalid input; ``.line``/``.column`` (1-based), ``.path`` (JSON) and ``.file`` locate the first problem."""

    line: Optional[int]
    column: Optional[int]
    path: Optional[str]
    file: Optional[str]
    errors: List["Problem"]

class NoLegalPairing(SwissError):
    """No pairing satisfies the system's absolute criteria."""

    round: int

class InternalError(SwissError):
    """A bug in the engine (or a Rust panic): please report it with the input file."""

class Player:
    """One player's record."""

    @property
    def start_no(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def rating(self) -> Optional[int]: ...
    @property
    def title(self) -> Optional[str]: ...
    @property
    def federation(self) -> str: ...
    @property
    def fide_id(self) -> Optional[int]: ...
    @property
    def points(self) -> float: ...
    @property
    def rank(self) -> Optional[int]: ...
    @property
    def rounds(self) -> List[Tuple[Optional[int], Optional[Colour], str]]:
        """``(opponent, colour, result)`` per round; result is the TRF character."""

class Tournament:
    """A tournament: players, rounds and settings."""

    @property
    def name(self) -> str: ...
    @property
    def players(self) -> List[Player]: ...
    @property
    def planned_rounds(self) -> Optional[int]: ...
    @property
    def played_rounds(self) -> int: ...
    @property
    def next_round(self) -> int: ...
    @property
    def system(self) -> Optional[str]: ...
    @property
    def initial_colour(self) -> Optional[Colour]: ...
    @property
    def double(self) -> Optional[bool]:
        """Double rounds (TCEC), when a TCEC reference file says so."""
    @property
    def settings(self) -> Dict[str, Any]: ...
    @property
    def warnings(self) -> List["Problem"]: ...
    def to_trf(self) -> str: ...
    def to_trf26(self) -> str: ...
    def to_json(self) -> str: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def before_round(self, round: int) -> "Tournament": ...
    def with_pairing(self, pairing: "Pairing") -> "Tournament": ...

class Pairing:
    """A round's pairing; ``str(pairing)`` is what ``swiss pair`` writes."""

    @property
    def round(self) -> int: ...
    @property
    def boards(self) -> List[Tuple[int, int]]:
        """``(white, black)`` start numbers, in board order."""
    @property
    def bye(self) -> Optional[int]: ...
    def __len__(self) -> int: ...

class Problem:
    """One problem of an input."""

    @property
    def file(self) -> str: ...
    @property
    def line(self) -> Optional[int]: ...
    @property
    def column(self) -> Optional[int]: ...
    @property
    def path(self) -> Optional[str]: ...
    @property
    def message(self) -> str: ...
    @property
    def warning(self) -> bool: ...

class CheckReport:
    """The pairings checker's report; true when every round agrees."""

    @property
    def rounds(self) -> int: ...
    @property
    def identical(self) -> int: ...
    @property
    def differences(self) -> List[Tuple[int, Pairing, Union[Pairing, str]]]: ...
    @property
    def details(self) -> List[str]: ...
    def __bool__(self) -> bool: ...

class Standing:
    """One line of the standings."""

    @property
    def rank(self) -> int: ...
    @property
    def start_no(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def points(self) -> float: ...
    @property
    def values(self) -> List[Union[int, float, None]]: ...

class Standings:
    """The standings, rows in rank order."""

    @property
    def rules(self) -> Literal["2026", "2024"]: ...
    @property
    def rounds(self) -> int: ...
    @property
    def tiebreaks(self) -> List[str]: ...
    @property
    def rows(self) -> List[Standing]: ...
    def __len__(self) -> int: ...

def read(source: Source, *, name: Optional[str] = None) -> Tournament:
    """Reads a path, TRF16/TRF-2026 text, JSON text or a dict."""

@overload
def pair(
    source: Source,
    system: str = "dutch",
    edition: Optional[str] = None,
    *,
    double: Optional[bool] = None,
    default_rating: Optional[int] = None,
    maxi: Optional[bool] = None,
    explain: Literal[False] = False,
) -> Pairing: ...
@overload
def pair(
    source: Source,
    system: str = "dutch",
    edition: Optional[str] = None,
    *,
    double: Optional[bool] = None,
    default_rating: Optional[int] = None,
    maxi: Optional[bool] = None,
    explain: Literal[True],
) -> Tuple[Pairing, List[str]]: ...
def check(
    source: Source,
    system: str = "dutch",
    edition: Optional[str] = None,
    *,
    double: Optional[bool] = None,
    default_rating: Optional[int] = None,
    maxi: Optional[bool] = None,
) -> CheckReport:
    """Replays every played round (the C.04.A pairings checker)."""

def validate(source: Source, *, name: Optional[str] = None) -> List[Problem]:
    """Every problem of an input (errors and warnings); empty when valid."""

def generate(
    system: str = "dutch",
    *,
    players: int,
    rounds: int,
    seed: int = 1,
    edition: Optional[str] = None,
    double: Optional[bool] = None,
    default_rating: Optional[int] = None,
    maxi: Optional[bool] = None,
    draw_rate: Optional[float] = None,
    forfeit_rate: Optional[float] = None,
    half_bye_rate: Optional[float] = None,
    boards: Optional[int] = None,
) -> Tournament:
    """A random tournament paired round by round by ``system``; with
    ``system="team"``, ``players`` teams of ``boards`` boards (default 4)."""

def standings(
    source: Source,
    tiebreaks: Union[str, Sequence[str], None] = None,
    *,
    system: Optional[str] = None,
    rules: Optional[Literal["2026", "2024"]] = None,
    round: Optional[int] = None,
    unrated: Optional[int] = None,
) -> Standings:
    """The standings by points and the FIDE C.07 tie-breaks."""

def systems() -> List[Tuple[str, List[str]]]:
    """The systems built and their editions, the default first."""
