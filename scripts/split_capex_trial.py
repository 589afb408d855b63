"""Set a random share of the capex trial's questions aside as held-out, once, before any run.

Without arguments (the first split): reads evals/capex_trial/questions.yaml (all questions), picks 12 ids
with a fixed seed and moves their blocks, text untouched (derivations and comments kept), into
evals/capex_trial/held_out.yaml.

With `--batch FILE --held-out-file NAME --count N`: a new batch of questions written before any run (a file
holding only `- id:` blocks) is split the same way: N blocks drawn with the fixed seed go to
evals/capex_trial/NAME under the dev file's header, the rest are appended to questions.yaml. Only the counts
are printed, never the ids drawn, so the held-out blocks stay unread.

With `--dev-file NAME` as well (a class of questions written for one mechanism): the batch is a whole class file
(its header comments, then `questions:`); the dev share is written to evals/capex_trial/NAME under that header and
the held-out share to `--held-out-file` under a header naming it held out, so the class is its own pair of splits
and questions.yaml is untouched.

Re-running on an already split set refuses, so a held-out set never changes silently.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

SEED = 20261205
BATCH_SEED = 20261206
HELD_OUT = 12
FOLDER = Path(__file__).resolve().parents[1] / "evals" / "capex_trial"


def _blocks(text: str) -> tuple[str, list[str]]:
    """The file's header (comments and `questions:`) and one text block per question."""
    head, _, body = text.partition("questions:\n")
    blocks = ["- id: " + part for part in body.split("- id: ")[1:]]
    return head + "questions:\n", blocks


def _held_header(header: str, seed: int) -> str:
    return header.replace("# Capex-vs-expert trial:", "# Capex-vs-expert trial, HELD-OUT share (scripts/split_capex_trial.py,"
                          f" seed {seed}): never read while changing code.\n# Capex-vs-expert trial:", 1)


def split_first() -> int:
    dev_path, held_path = FOLDER / "questions.yaml", FOLDER / "held_out.yaml"
    if held_path.exists():
        print(f"{held_path} exists: the split is made once; delete it only to re-split a new question set.")
        return 1
    header, blocks = _blocks(dev_path.read_text(encoding="utf-8"))
    chosen = set(random.Random(SEED).sample(range(len(blocks)), HELD_OUT))
    held = [block for number, block in enumerate(blocks) if number in chosen]
    dev = [block for number, block in enumerate(blocks) if number not in chosen]
    dev_path.write_text(header + "".join(dev), encoding="utf-8")
    held_path.write_text(_held_header(header, SEED) + "".join(held), encoding="utf-8")
    print(f"dev {len(dev)}, held-out {len(held)}")
    return 0


def _draw(batch: Path, blocks: list[str], count: int, seed: int) -> tuple[list[str], list[str]] | None:
    """The dev and held-out blocks of a batch, `count` drawn with `seed` (None when the batch is too small)."""
    if count >= len(blocks):
        print(f"{batch}: {len(blocks)} questions, cannot set {count} aside")
        return None
    chosen = set(random.Random(seed).sample(range(len(blocks)), count))
    return ([block for number, block in enumerate(blocks) if number not in chosen],
            [block for number, block in enumerate(blocks) if number in chosen])


def split_batch(batch: Path, held_name: str, count: int, seed: int = BATCH_SEED, dev_name: str | None = None) -> int:
    dev_path, held_path = FOLDER / (dev_name or "questions.yaml"), FOLDER / held_name
    if held_path.exists() or (dev_name is not None and dev_path.exists()):
        print(f"{held_path} or {dev_path} exists: the split is made once; write a new file name for a new batch.")
        return 1
    if dev_name is not None:
        return _split_class(batch, dev_path, held_path, count, seed)
    header, _ = _blocks(dev_path.read_text(encoding="utf-8"))
    _, blocks = _blocks("questions:\n" + batch.read_text(encoding="utf-8"))
    drawn = _draw(batch, blocks, count, seed)
    if drawn is None:
        return 1
    dev, held = drawn
    with dev_path.open("a", encoding="utf-8") as out:
        out.write("".join(dev))
    held_path.write_text(_held_header(header, seed) + "".join(held), encoding="utf-8")
    print(f"appended {len(dev)} to {dev_path.name}, {len(held)} to {held_path.name}")
    return 0


def _split_class(batch: Path, dev_path: Path, held_path: Path, count: int, seed: int) -> int:
    """A class file split into its dev file and its held-out file, each under the class's own header."""
    header, blocks = _blocks(batch.read_text(encoding="utf-8"))
    drawn = _draw(batch, blocks, count, seed)
    if drawn is None:
        return 1
    dev, held = drawn
    dev_path.write_text(header + "".join(dev), encoding="utf-8")
    held_header = (f"# Held out from {dev_path.name} (scripts/split_capex_trial.py, seed {seed}; same batch and bases, see its"
                   " header): scored only, never read per question.\nquestions:\n")
    held_path.write_text(held_header + "".join(held), encoding="utf-8")
    print(f"wrote {len(dev)} to {dev_path.name}, {len(held)} to {held_path.name}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=Path, help="a file of new `- id:` blocks to split")
    parser.add_argument("--held-out-file", default="held_out_2.yaml", help="with --batch: the held-out file's name")
    parser.add_argument("--count", type=int, default=10, help="with --batch: how many to set aside")
    parser.add_argument("--seed", type=int, default=BATCH_SEED,
                        help="with --batch: the draw's seed (a new batch takes a new one, so its draw is not the last batch's positions)")
    parser.add_argument("--dev-file", help="with --batch: a class file's name; its dev share goes there, not into questions.yaml")
    args = parser.parse_args(argv)
    if args.batch is None:
        return split_first()
    return split_batch(args.batch, args.held_out_file, args.count, args.seed, args.dev_file)


if __name__ == "__main__":
    sys.exit(main())
