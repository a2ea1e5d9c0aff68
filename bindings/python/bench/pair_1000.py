"""Pairing a 1,000-player round in-process against the `swiss` command.

    python bindings/python/bench/pair_1000.py [SWISS_BINARY] [--rounds R] [--repeat N]

Generates a 1,000-player Dutch event of R rounds (default 5) with
`swiss.generate`, writes it before its last round to a temporary TRF file,
then times, in the same run, the best of N (default 5) of: `swiss.read`
of the file, `swiss.pair` of the file (read + pair), `swiss.pair` of the
`Tournament` already read, and the `swiss pair` subprocess on the file.
Build both in release for meaningful figures (`pip install
./bindings/python`, `cargo build --release -p swiss-cli`).
"""

import argparse
import os
import subprocess
import tempfile
import time
from pathlib import Path

import swiss


def best(f, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        out = f()
        times.append(time.perf_counter() - start)
    return min(times), out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli", nargs="?", default=str(Path(__file__).resolve().parents[3] / "target/release/swiss"))
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=5)
    a = ap.parse_args()
    event = swiss.generate("dutch", players=1000, rounds=a.rounds, seed=11)
    before = event.before_round(a.rounds)
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "event.trf")
        Path(path).write_text(before.to_trf())
        t_read, t = best(lambda: swiss.read(path), a.repeat)
        t_file, p = best(lambda: swiss.pair(path), a.repeat)
        t_obj, q = best(lambda: swiss.pair(t), a.repeat)
        t_cli, out = best(
            lambda: subprocess.run([a.cli, "pair", "--system", "dutch", path], capture_output=True, text=True, check=True).stdout,
            a.repeat,
        )
    assert str(p) == str(q) == out, "the package and the CLI disagree"
    print(f"1,000 players, round {a.rounds} (dutch 2026), best of {a.repeat}:")
    print(f"  swiss.read(file)            {t_read * 1000:8.1f} ms")
    print(f"  swiss.pair(file)            {t_file * 1000:8.1f} ms")
    print(f"  swiss.pair(Tournament)      {t_obj * 1000:8.1f} ms")
    print(f"  `swiss pair FILE` (process) {t_cli * 1000:8.1f} ms")
    print(f"  CLI / in-process (file):    {t_cli / t_file:8.2f}")


if __name__ == "__main__":
    main()
