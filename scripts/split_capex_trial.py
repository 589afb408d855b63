"""Set a random share of the capex trial's questions aside as held-out, once, before any run.

Without arguments (the first split): reads evals/capex_trial/questions.yaml (all questions), picks 12 ids
with a fixed seed and moves their blocks, text untouched (derivations and comments kept), into
evals/capex_trial/held_out.yaml.

With `--batch FILE --held-out-file NAME --count N`: a new batch of questions written before any run (a file
holding only `- id:` blocks) is split the same way: N blocks drawn with the fixed seed go to
evals/capex_trial/NAME under the dev file's header, the rest are appended to questions.yaml. Only the counts
are printed, never the ids drawn, so the held-out blocks stay unread.

With `--class-file FILE --count N`: a class of questions written for one mechanism (a file holding its header, then
`questions:` and `- id:` blocks) is split into a class and its held-out share, two splits (evals/trial_splits.py): N
blocks drawn with the seed go to the held-out file under the same header marked held-out, the rest to the class file.
FILE already in evals/capex_trial/ (or named by its file name there) is split in place; `--dev-file CLASS.yaml` writes
the class to a new evals/capex_trial/CLASS.yaml instead (a file written elsewhere). The held-out file is
CLASS_held_out.yaml unless `--held-out-file` names it. `--batch FILE --dev-file CLASS.yaml` is the same split (the
form earlier sessions used). Only the counts are printed.

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


def split_batch(batch: Path, held_name: str, count: int, seed: int = BATCH_SEED) -> int:
    """A batch of `- id:` blocks: `count` drawn with `seed` go to `held_name` under the dev file's header, the rest are
    appended to questions.yaml."""
    dev_path, held_path = FOLDER / "questions.yaml", FOLDER / held_name
    if held_path.exists():
        print(f"{held_path} exists: the split is made once; write a new file name for a new batch.")
        return 1
    header, _ = _blocks(dev_path.read_text(encoding="utf-8"))
    _, blocks = _blocks("questions:\n" + batch.read_text(encoding="utf-8"))
    if (drawn := _draw(blocks, count, seed, batch)) is None:
        return 1
    held, dev = drawn
    with dev_path.open("a", encoding="utf-8") as out:
        out.write("".join(dev))
    held_path.write_text(_held_header(header, seed) + "".join(held), encoding="utf-8")
    print(f"appended {len(dev)} to {dev_path.name}, {len(held)} to {held_path.name}")
    return 0


def split_class(source: Path, count: int, seed: int, dev_path: Path | None = None, held_path: Path | None = None) -> int:
    """A class file (its header, `questions:`, `- id:` blocks): `count` blocks drawn with `seed` go to `held_path` under
    the same header marked held-out, the rest to `dev_path`: the class file itself unless a new file is named (a class
    written elsewhere), `<class>_held_out.yaml` beside it unless named. Refuses when a file it would create exists."""
    dev_path = dev_path or source
    held_path = held_path or dev_path.with_name(f"{dev_path.stem}_held_out.yaml")
    if held_path.exists() or (dev_path != source and dev_path.exists()):
        print(f"{held_path} or {dev_path} exists: the split is made once; write a new class file for new questions.")
        return 1
    header, blocks = _blocks(source.read_text(encoding="utf-8"))
    if (drawn := _draw(blocks, count, seed, source)) is None:
        return 1
    held, kept = drawn
    dev_path.write_text(header + "".join(kept), encoding="utf-8")
    held_path.write_text(f"# HELD-OUT share of {dev_path.name} (scripts/split_capex_trial.py, seed {seed}): never read "
                         "while changing code.\n" + header + "".join(held), encoding="utf-8")
    print(f"kept {len(kept)} in {dev_path.name}, {len(held)} to {held_path.name}")
    return 0


def _class_source(name: Path) -> Path:
    """A class file given as a path, or by its file name in evals/capex_trial/."""
    return name if name.is_file() else FOLDER / name


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--batch", type=Path, help="a file of new `- id:` blocks to split (with --dev-file: a class file)")
    parser.add_argument("--class-file", type=Path,
                        help="a class file (header and `- id:` blocks) to split into the class and its held-out share")
    parser.add_argument("--held-out-file", help="the held-out file's name in evals/capex_trial/ (a batch: held_out_2.yaml; "
                        "a class: <class>_held_out.yaml)")
    parser.add_argument("--count", type=int, default=10, help="with --batch or --class-file: how many to set aside")
    parser.add_argument("--seed", type=int, default=BATCH_SEED,
                        help="the draw's seed (a new batch takes a new one, so its draw is not the last batch's positions)")
    parser.add_argument("--dev-file", help="with --class-file or --batch: the class's new file in evals/capex_trial/ "
                        "(default: the class file itself, split in place)")
    args = parser.parse_args(argv)
    held = FOLDER / args.held_out_file if args.held_out_file else None
    if args.class_file is not None or args.dev_file is not None:
        source = args.class_file if args.class_file is not None else args.batch
        if source is None:
            parser.error("--dev-file needs the class file: --class-file FILE (or --batch FILE)")
        dev = FOLDER / args.dev_file if args.dev_file else None
        return split_class(_class_source(source), args.count, args.seed, dev, held)
    if args.batch is None:
        return split_first()
    return split_batch(args.batch, args.held_out_file or "held_out_2.yaml", args.count, args.seed)


if __name__ == "__main__":
    sys.exit(main())
