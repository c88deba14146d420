"""The committed protobuf code is what sdk/proto generates (make proto-python)."""

import filecmp
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[3]
PB = ROOT / "sdk/python/src/swarmhost_plugin/_pb"


def test_generated_code_is_up_to_date(tmp_path):
    out = tmp_path / "_pb"
    subprocess.run([sys.executable, str(ROOT / "sdk/python/scripts/gen_proto.py")], cwd=ROOT, check=True,
                   env={**os.environ, "SWARMHOST_PB_OUT": str(out)}, capture_output=True)
    fresh = sorted(p.relative_to(out) for p in out.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    committed = sorted(p.relative_to(PB) for p in PB.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    assert fresh == committed
    stale = [str(p) for p in fresh if not filecmp.cmp(out / p, PB / p, shallow=False)]
    assert not stale, f"run `make proto-python`: {stale} differ from what sdk/proto generates"
