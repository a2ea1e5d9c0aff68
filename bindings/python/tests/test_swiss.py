"""The `swiss` package against the `swiss` command and the reference data."""

import re
import sys
import threading
import time

import pytest

import swiss

# One bundled tournament per system variant, cut before a round the file
# records, with the keyword options and the matching CLI flags.
CASES = [
    ("dutch", "oracle/dutch-2026/t0001-p035-r10.trf", 6, {}, []),
    ("dutch", "oracle/dutch/t0002-p045-r11.trf", 7, {"edition": "2017"}, ["--edition", "2017"]),
    ("dutch", "oracle/dutch/t0002-p045-r11.trf", 4, {"edition": "2012"}, ["--edition", "2012"]),
    ("dubov", "tiebreaks-generated/dubov-p0030-r07-s300.trf", 5, {}, []),
    ("dubov", "tiebreaks-generated/dubov-p0030-r07-s300.trf", 4, {"edition": "2018"}, ["--edition", "2018"]),
    ("lim", "tiebreaks-generated/lim-p0025-r08-s205.trf", 6, {}, []),
    ("lim", "tiebreaks-generated/lim-p0025-r08-s205.trf", 6, {"maxi": True}, ["--maxi"]),
    ("lim", "tiebreaks-generated/lim-p0025-r08-s205.trf", 3, {"edition": "1999"}, ["--edition", "1999"]),
    ("tcec", "oracle/tcec/shared-009.json", 4, {}, []),
    ("tcec", "oracle/tcec/shared-004.json", 7, {"double": True}, ["--double"]),
    ("team", "hunt/team/0000001.trf", 4, {}, []),
]


@pytest.mark.parametrize("system,path,round,options,flags", CASES)
def test_each_system_pairs_like_the_cli(cli, testdata, tmp_path, system, path, round, options, flags):
    before = swiss.read(testdata / path).before_round(round)
    assert before.next_round == round
    trf = tmp_path / "before.trf"
    trf.write_text(before.to_trf())
    out = cli("pair", "--system", system, *flags, trf)
    assert out.returncode == 0, out.stderr
    # The same text from the Tournament object, from the file, and from
    # the TRF text itself.
    assert str(swiss.pair(before, system, **options)) == out.stdout
    assert str(swiss.pair(trf, system, **options)) == out.stdout
    assert str(swiss.pair(trf.read_text(), system, **options)) == out.stdout
    p = swiss.pair(before, system, **options)
    assert p.round == round
    assert len(p.boards) == int(out.stdout.split("\n")[0]) - (p.bye is not None)


def test_a_case_file_pairs_as_its_reference(cli, testdata):
    case = testdata / "oracle/dutch-cases/t0009-p082-r04-r02.trf"
    expected = case.with_suffix(".pairs").read_text()
    p = swiss.pair(case, "dutch", "2017")
    out = cli("pair", "--system", "dutch", "--edition", "2017", case)
    assert str(p) == out.stdout
    assert swiss.Pairing.__str__(p).split() == expected.split()


def test_a_file_naming_its_edition_is_paired_under_it(testdata):
    text = (testdata / "oracle/dutch-cases/t0009-p082-r04-r02.trf").read_text()
    named = "192 FIDE_DUTCH_2017\n" + text
    assert str(swiss.pair(named)) == str(swiss.pair(text, edition="2017"))
    with pytest.raises(swiss.InputError) as e:
        swiss.pair(named, "lim")
    assert e.value.line == 1
    assert "dutch" in str(e.value)


def test_dubov_default_rating(cli, tmp_path, testdata):
    d = swiss.read(testdata / "tiebreaks-generated/dubov-p0030-r07-s300.trf").before_round(3).to_dict()
    for p in d["players"][:3]:
        p["rating"] = None
    t = swiss.read(d)
    # Dubov A.1 needs a rating for everyone: the input's problem, unplaced.
    with pytest.raises(swiss.InputError) as e:
        swiss.pair(t, "dubov")
    assert (e.value.line, e.value.column, e.value.path, e.value.errors) == (None, None, None, [])
    trf = tmp_path / "unrated.trf"
    trf.write_text(t.to_trf())
    out = cli("pair", "--system", "dubov", "--default-rating", "1600", trf)
    assert out.returncode == 0, out.stderr
    assert str(swiss.pair(t, "dubov", default_rating=1600)) == out.stdout


def test_options_a_system_does_not_read_are_refused(testdata):
    t = swiss.read(testdata / "oracle/dutch-cases/t0009-p082-r04-r02.trf")
    with pytest.raises(ValueError, match="--double does not apply to the dutch system"):
        swiss.pair(t, "dutch", double=True)
    with pytest.raises(ValueError, match="no edition `1999`"):
        swiss.pair(t, "dutch", "1999")
    with pytest.raises(ValueError, match="unknown pairing system"):
        swiss.pair(t, "burstein")
    assert ("dutch", ["2026", "2017", "2012"]) in swiss.systems()


# A sample of the reference tournaments (the whole sets run in
# `xtask/tests/oracle.rs`): spread over sizes, byes, forfeits, absences.
ORACLE_2017 = ["t0001-p014-r04", "t0002-p045-r11", "t0005-p058-r04", "t0148-p007-r06", "t0009-p082-r04"]
ORACLE_2026 = ["t0001-p035-r10", "t0002-p030-r08", "t0015-p017-r09", "t0018-p006-r05"]


def recorded(t, k):
    """Round k as the record has it: the `(white, black)` pairs and the bye."""
    pairs, bye = set(), None
    for p in t.players:
        if len(p.rounds) < k:
            continue
        opponent, colour, result = p.rounds[k - 1]
        if opponent is not None and colour == "w":
            pairs.add((p.start_no, opponent))
        if result == "U":
            bye = p.start_no
    return pairs, bye


def _oracle(testdata, folder, names):
    files = sorted((testdata / "oracle" / folder).glob("*.trf"))
    chosen = [f for f in files if f.stem in names]
    assert len(chosen) == len(names), [f.stem for f in files[:5]]
    return chosen


@pytest.mark.parametrize("name", ORACLE_2017)
def test_oracle_replay_2017(testdata, name):
    (f,) = _oracle(testdata, "dutch", [name])
    report = swiss.check(f, "dutch", "2017")
    assert report.rounds > 0
    assert report, report.details
    assert report.identical == report.rounds


@pytest.mark.parametrize("name", ORACLE_2026)
def test_oracle_replay_2026(testdata, name):
    (f,) = _oracle(testdata, "dutch-2026", [name])
    report = swiss.check(f)
    assert report, report.details
    # Round by round through pair() too: the recorded round each time
    # (from round 2: a file without XXC shows its initial colour only in
    # its recorded round 1, which check() reads back).
    t = swiss.read(f)
    for k in range(2, t.played_rounds + 1):
        p = swiss.pair(t.before_round(k))
        assert p.round == k
        assert (set(p.boards), p.bye) == recorded(t, k)


def test_check_reports_a_round_that_differs(testdata):
    # The 2026 rules pair some rounds of the 2017 data differently.
    differing = 0
    for f in sorted((testdata / "oracle/dutch").glob("t00*.trf"))[:12]:
        r = swiss.check(f, "dutch", "2026")
        for rnd, recorded, produced in r.differences:
            differing += 1
            assert isinstance(recorded, swiss.Pairing)
            assert recorded.round == rnd
        assert bool(r) == (r.identical == r.rounds)
    assert differing > 0


def test_cli_check_agrees(cli, testdata):
    f = testdata / "oracle/dutch/t0002-p045-r11.trf"
    out = cli("check", "--system", "dutch", "--edition", "2017", f)
    assert out.returncode == 0
    r = swiss.check(f, "dutch", "2017")
    assert f"{r.identical}/{r.rounds} rounds identical" in out.stdout


def _invalid_files(testdata):
    return sorted((testdata / "trf/invalid").glob("*.trf")) + sorted((testdata / "trf/invalid").glob("*.json"))


def test_bad_input_raises_input_error_where_the_cli_says(cli, testdata):
    checked = 0
    for f in _invalid_files(testdata):
        rel = f.relative_to(testdata.parent)
        out = cli("validate", rel)
        assert out.returncode == 3, f
        first = out.stderr.splitlines()[0]
        with pytest.raises(swiss.InputError) as e:
            swiss.read(rel)
        err = e.value
        assert err.errors, f
        assert str(err.errors[0]) == first, f
        m = re.match(r"^[^:]+:(\d+):(\d+): ", first)
        if m:
            assert (err.line, err.column) == (int(m.group(1)), int(m.group(2))), f
            checked += 1
        else:
            assert err.line is None, f
        problems = swiss.validate(rel)
        errors = [str(p) for p in problems if not p.warning]
        assert errors[: len(out.stderr.splitlines())] == [
            line for line in out.stderr.splitlines() if "more errors like" not in line
        ][: len(errors)], f
    assert checked > 20


def test_input_error_line_and_column_of_a_broken_rating(testdata):
    lines = (testdata / "oracle/dutch-cases/t0009-p082-r04-r02.trf").read_text().split("\n")
    k = next(i for i, l in enumerate(lines) if l.startswith("001"))
    # The rating of a player record is in columns 49-52.
    lines[k + 2] = lines[k + 2][:48] + "12x4" + lines[k + 2][52:]
    with pytest.raises(swiss.InputError) as e:
        swiss.read("\n".join(lines), name="broken.trf")
    assert (e.value.line, e.value.column, e.value.file) == (k + 3, 49, "broken.trf")
    assert e.value.path is None
    assert str(e.value).startswith(f"broken.trf:{k + 3}:49: ")


def test_json_errors_carry_the_path(testdata):
    d = swiss.read(testdata / "oracle/dutch/t0148-p007-r06.trf").to_dict()
    d["players"][2]["rating"] = 12345
    with pytest.raises(swiss.InputError) as e:
        swiss.read(d)
    assert e.value.path is not None and e.value.path.startswith("players[2]")
    assert e.value.line is not None


def test_validate_lists_every_problem(testdata):
    problems = swiss.validate(testdata / "trf/invalid/several-problems.trf")
    assert len([p for p in problems if not p.warning]) > 1
    assert all(p.line for p in problems)
    assert swiss.validate(testdata / "oracle/dutch/t0148-p007-r06.trf") == []


def test_a_file_that_cannot_be_read_is_an_os_error(tmp_path):
    with pytest.raises(FileNotFoundError):
        swiss.read(tmp_path / "missing.trf")


def test_dict_round_trip(testdata):
    t = swiss.read(testdata / "oracle/dutch/t0148-p007-r06.trf")
    again = swiss.read(t.to_dict())
    assert again.to_trf() == t.to_trf()
    assert swiss.read(t.to_json()).to_trf() == t.to_trf()
    assert swiss.read(t.to_trf26()).to_trf() == t.to_trf()
    p = t.players[0]
    assert p.start_no == 1 and isinstance(p.points, float)
    assert len(p.rounds) == t.played_rounds
    assert p.rounds[0][1] in ("w", "b", None)


def test_with_pairing_is_pair_format_trf(cli, testdata, tmp_path):
    t = swiss.read(testdata / "oracle/dutch/t0148-p007-r06.trf").before_round(4)
    f = tmp_path / "t.trf"
    f.write_text(t.to_trf26())
    out = cli("pair", "--system", "dutch", "--format", "trf", f)
    assert out.returncode == 0, out.stderr
    assert t.with_pairing(swiss.pair(t)).to_trf() == out.stdout


def test_explain_returns_the_decisions(testdata):
    t = swiss.read(testdata / "oracle/dutch/t0002-p045-r11.trf").before_round(5)
    p, records = swiss.pair(t, explain=True)
    assert p == swiss.pair(t)
    assert len(records) > 3
    assert all(isinstance(r, str) for r in records)


def test_no_legal_pairing():
    # Two players who already met, one round to go: no legal pairing (C1)
    # and no bye for a pair of players.
    t = swiss.generate("dutch", players=2, rounds=1, seed=3).to_dict()
    t["planned_rounds"] = 2
    with pytest.raises(swiss.NoLegalPairing) as e:
        swiss.pair(t)
    assert e.value.round == 2
    assert isinstance(e.value, swiss.SwissError)


def test_a_panic_becomes_internal_error():
    with pytest.raises(swiss.InternalError, match="on purpose"):
        swiss._swiss._panic_for_test()
    # The module still works after it.
    assert swiss.systems()


def test_generate_is_paired_by_the_system(testdata):
    t = swiss.generate("lim", players=20, rounds=5, seed=9, maxi=True)
    assert (len(t.players), t.played_rounds, t.planned_rounds) == (20, 5, 5)
    assert swiss.check(t, "lim", maxi=True)
    assert swiss.generate("lim", players=20, rounds=5, seed=9, maxi=True).to_trf() == t.to_trf()
    with pytest.raises(ValueError):
        swiss.generate(players=10000, rounds=3)


def test_generate_team_events(cli, tmp_path):
    # Issue 44: a team event (C.04.6) as `swiss generate --system team`
    # makes it: teams of `boards` boards, every round replayed by the team
    # engine, the same seed the same file.
    t = swiss.generate("team", players=9, rounds=5, seed=3, boards=2)
    assert t.played_rounds == 5
    assert swiss.check(t, "team")
    assert swiss.generate("team", players=9, rounds=5, seed=3, boards=2).to_trf() == t.to_trf()
    f = tmp_path / "team.trf"
    f.write_text(t.to_trf26())
    out = cli("check", "--system", "team", f)
    assert out.returncode == 0, out.stdout + out.stderr
    with pytest.raises(ValueError):
        swiss.generate("dutch", players=10, rounds=3, boards=4)
    with pytest.raises(ValueError):
        swiss.generate("team", players=1, rounds=3)


def test_standings_like_the_cli(cli, testdata):
    f = sorted((testdata / "tiebreaks-generated").glob("dutch-p0040-r09-*.trf"))[0]
    codes = "BH/C1,BH,SB,DE,WIN,ARO"
    out = cli("standings", f, "--tiebreaks", codes, "--format", "tsv")
    assert out.returncode == 0, out.stderr
    s = swiss.standings(f, codes.split(","))
    assert s.tiebreaks == codes.split(",")
    rows = {r.start_no: r for r in s.rows}
    lines = out.stdout.strip().split("\n")
    assert lines[0].split("\t") == ["StartNo", "Rank", *codes.split(",")]
    for line in lines[1:]:
        start, rank, *values = line.split("\t")
        r = rows[int(start)]
        assert r.rank == int(rank)
        for v, mine in zip(values, r.values):
            assert mine is None if v == "-" else float(v) == pytest.approx(mine)
    assert [r.rank for r in s.rows] == sorted(r.rank for r in s.rows)


def test_team_standings(testdata):
    """A team event is ranked by the C.07 team tie-breaks of its 212 list
    (issue 46), teams named, as `swiss standings` ranks it."""
    s = swiss.standings(testdata / "trf" / "check" / "team-agree.trf")
    assert s.tiebreaks == ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPVGP"]
    assert [(r.rank, r.start_no, r.name) for r in s.rows[:3]] == [
        (1, 1, "Team 001"),
        (2, 2, "Team 002"),
        (3, 4, "Team 004"),
    ]
    assert s.rows[0].values == [0, 92.5, 24.0, 19.5]


@pytest.fixture(scope="module")
def thousand():
    """A 1,000-player event of two rounds, paired by the Dutch engine."""
    return swiss.generate("dutch", players=1000, rounds=2, seed=11)


def test_a_thousand_player_round_in_process(thousand):
    before = thousand.before_round(2)
    start = time.perf_counter()
    p = swiss.pair(before)
    took = time.perf_counter() - start
    print(f"\n1,000-player round 2 (dutch 2026) in-process: {took * 1000:.0f} ms")
    # The generator paired round 2 with the same engine: the same pairs.
    assert len(p.boards) > 400
    assert (set(p.boards), p.bye) == recorded(thousand, 2)


def test_the_gil_is_released_while_pairing(thousand):
    before = thousand.before_round(2)
    old = sys.getswitchinterval()
    # No forced switches: the main thread gets the GIL while the worker
    # pairs only if pairing releases it (sleep(0) hands it back at once).
    sys.setswitchinterval(1000)
    try:
        worker = threading.Thread(target=swiss.pair, args=(before,))
        worker.start()
        ticks = 0
        while worker.is_alive():
            ticks += 1
            time.sleep(0)
        worker.join()
    finally:
        sys.setswitchinterval(old)
    assert ticks > 100


def test_threads_pair_several_events_at_once(testdata):
    files = sorted((testdata / "oracle/dutch").glob("t00[0-3]*.trf"))[:8]
    events = [swiss.read(f).before_round(3) for f in files]
    alone = [str(swiss.pair(t, edition="2017")) for t in events]
    together = [None] * len(events)

    def work(i):
        together[i] = str(swiss.pair(events[i], edition="2017"))

    threads = [threading.Thread(target=work, args=(i,)) for i in range(len(events))]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert together == alone
