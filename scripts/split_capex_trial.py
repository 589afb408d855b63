"""Set a random share of the capex trial's questions aside as held-out, once, before any run.

Without arguments (the first split): reads evals/capex_trial/questions.yaml (all questions), picks 12 ids
with a fixed seed and moves their blocks, text untouched (derivations and comments kept), into
evals/capex_trial/held_out.yaml.

With `--batch FILE --held-out-file NAME --count N`: a new batch of questions written before any run (a file
holding only `- id:` blocks) is split the same way: N blocks drawn with the fixed seed go to
evals/capex_trial/NAME under the dev file's header, the rest are appended to questions.yaml. Only the counts
are printed, never the ids drawn, so the held-out blocks stay unread.

With `--dev-file CLASS.yaml` as well: a class of its own (a batch whose file starts with its header, then
`questions:`): the rest go to a new evals/capex_trial/CLASS.yaml under that header, the drawn ones to NAME under
the same header marked held-out, so the class and its held-out third are two splits (evals/trial_splits.py).

With `--class-file NAME.yaml --count N`: a class file written for one mechanism (evals/capex_trial/NAME.yaml, its
header and `- id:` blocks) keeps the rest and N blocks drawn with the seed move to NAME_held_out.yaml under the same
header, marked held-out. Only the counts are printed.

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
    if (drawn := _draw(blocks, HELD_OUT, SEED, dev_path)) is None:
        return 1
    held, dev = drawn
    dev_path.write_text(header + "".join(dev), encoding="utf-8")
    held_path.write_text(_held_header(header, SEED) + "".join(held), encoding="utf-8")
    print(f"dev {len(dev)}, held-out {len(held)}")
    return 0


def _draw(blocks: list[str], count: int, seed: int, source: object) -> tuple[list[str], list[str]] | None:
    """`count` blocks drawn with `seed` (held out) and the rest, in file order; None when too few to draw from."""
    if count >= len(blocks):
        print(f"{source}: {len(blocks)} questions, cannot set {count} aside")
        return None
    chosen = set(random.Random(seed).sample(range(len(blocks)), count))
    return ([block for number, block in enumerate(blocks) if number in chosen],
            [block for number, block in enumerate(blocks) if number not in chosen])


def split_batch(batch: Path, held_name: str, count: int, seed: int = BATCH_SEED, dev_file: str | None = None) -> int:
    dev_path, held_path = FOLDER / (dev_file or "questions.yaml"), FOLDER / held_name
    if held_path.exists() or (dev_file is not None and dev_path.exists()):
        print(f"{held_path} or {dev_path} exists: the split is made once; write a new file name for a new batch.")
        return 1
    text = batch.read_text(encoding="utf-8")
    if dev_file is not None:  # a class of its own: the batch carries its header
        header, blocks = _blocks(text)
        dev_path.write_text(header, encoding="utf-8")
    else:
        header, _ = _blocks(dev_path.read_text(encoding="utf-8"))
        _, blocks = _blocks("questions:\n" + text)
    if (drawn := _draw(blocks, count, seed, batch)) is None:
        return 1
    held, dev = drawn
    with dev_path.open("a", encoding="utf-8") as out:
        out.write("".join(dev))
    held_header = _held_header(header, seed) if dev_file is None else (
        f"# HELD-OUT share of {dev_path.name} (scripts/split_capex_trial.py, seed {seed}): never read while changing code.\n"
        + header)
    held_path.write_text(held_header + "".join(held), encoding="utf-8")
    print(f"appended {len(dev)} to {dev_path.name}, {len(held)} to {held_path.name}")
    return 0


def split_class(class_name: str, count: int, seed: int) -> int:
    """A class file's random `count` blocks set aside in `<class>_held_out.yaml`, the rest kept in the class file."""
    class_path = FOLDER / class_name
    held_path = class_path.with_name(f"{class_path.stem}_held_out.yaml")
    if held_path.exists():
        print(f"{held_path} exists: the split is made once; write a new class file for new questions.")
        return 1
    header, blocks = _blocks(class_path.read_text(encoding="utf-8"))
    if (drawn := _draw(blocks, count, seed, class_path)) is None:
        return 1
    held, kept = drawn
    class_path.write_text(header + "".join(kept), encoding="utf-8")
    held_path.write_text(f"# HELD-OUT share of {class_path.name} (scripts/split_capex_trial.py, seed {seed}): never read "
                         "while changing code.\n" + header + "".join(held), encoding="utf-8")
    print(f"kept {len(kept)} in {class_path.name}, {len(held)} to {held_path.name}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=Path, help="a file of new `- id:` blocks to split")
    parser.add_argument("--class-file", help="a class file in evals/capex_trial/ to split into itself and <class>_held_out.yaml")
    parser.add_argument("--held-out-file", default="held_out_2.yaml", help="with --batch: the held-out file's name")
    parser.add_argument("--count", type=int, default=10, help="with --batch or --class-file: how many to set aside")
    parser.add_argument("--seed", type=int, default=BATCH_SEED,
                        help="with --batch: the draw's seed (a new batch takes a new one, so its draw is not the last batch's positions)")
    parser.add_argument("--dev-file", help="with --batch: a class of its own, written to this new file (not questions.yaml)")
    args = parser.parse_args(argv)
    if args.class_file is not None:
        return split_class(args.class_file, args.count, args.seed)
    if args.batch is None:
        return split_first()
    return split_batch(args.batch, args.held_out_file, args.count, args.seed, args.dev_file)


if __name__ == "__main__":
    sys.exit(main())
