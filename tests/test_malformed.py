"""Malformed files in every upload and CLI path: a clear message, nothing half-processed, no crash."""
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from grownj.engine import batch

ROOT = Path(__file__).parents[1]
BAD_JSON = {
    "empty": (b"", "empty"),
    "binary": (bytes(range(256)) * 4, "not UTF-8"),
    "latin-1": ('{"industry": "caf\xe9"}'.encode("latin-1"), "not UTF-8"),
    "huge": (b'{"new_jobs": 1, "pad": "' + b"x" * 11_000_000 + b'"}', "too large"),
    "nested": (b"[" * 50_000 + b"]" * 50_000, "JSON"),
    "wrong shape": (b'["new_jobs", 5]', "must be a JSON object"),
    "wrong type": (b'{"new_jobs": {"a": 1}}', "new_jobs"),
    "truncated": (b'{"new_jobs": 5', "not valid JSON"),
}


def cli(*args, stdin=b""):
    return subprocess.run([sys.executable, "-m", "grownj", *map(str, args)], input=stdin, capture_output=True,
                          cwd=ROOT, timeout=120)


@pytest.mark.parametrize("kind", list(BAD_JSON))
def test_cli_json_paths(kind, tmp_path):
    data, needle = BAD_JSON[kind]
    path = tmp_path / "in.json"
    path.write_bytes(data)
    for command in ("evaluate", "schedule"):
        out = cli(command, path)
        err = out.stderr.decode()
        assert out.returncode == 2 and needle in err and "Traceback" not in err, (kind, err)
        assert out.stdout == b""  # nothing printed half-way


@pytest.mark.parametrize("kind", list(BAD_JSON))
def test_app_upload_path(kind):
    from grownj.ui import state  # the app's scenario upload; streamlit runs bare here
    data, _ = BAD_JSON[kind]
    message = state.load_uploaded(data, "upload.json")
    assert message and "Traceback" not in message, kind


BAD_CSV = {
    "empty": (b"", "empty"),
    "binary": (bytes(range(256)) * 40, "not UTF-8"),
    "latin-1": ("new_jobs,industry\n5,caf\xe9\n".encode("latin-1"), "not UTF-8"),
    "no fields": (b"a,b,c\n1,2,3\n", "no column is a scenario field"),
    "duplicated": (b"new_jobs,new_jobs\n1,2\n", "new_jobs: the column appears more than once"),
    "header only": (b"new_jobs,location_tier\n", "no rows"),
    "ragged": (b'new_jobs,location_tier\n1,uth,extra,"unterminated\n', "not a readable CSV"),
}


@pytest.mark.parametrize("kind", list(BAD_CSV))
def test_batch_file_problems_are_one_message_and_no_output(kind, tmp_path):
    data, needle = BAD_CSV[kind]
    src, dst = tmp_path / "in.csv", tmp_path / "out.csv"
    src.write_bytes(data)
    with pytest.raises(batch.BatchError, match=needle):
        batch.run(str(src), str(dst))
    out = cli("batch", src, dst)
    assert out.returncode == 2 and needle in out.stderr.decode() and "Traceback" not in out.stderr.decode()
    with pytest.raises(batch.BatchError, match=needle.split(":")[0]):  # the app's upload path
        batch.run(io.BytesIO(data), io.StringIO())


def test_formula_looking_cells_are_escaped_in_batch_output(tmp_path):
    src, dst = tmp_path / "in.csv", tmp_path / "out.csv"
    src.write_text('company,new_jobs\n"=cmd|\' /C calc\'!A0",40\n@SUM(1),=1+1\n')
    assert batch.run(str(src), str(dst)) == 2
    text = dst.read_text()
    assert "'=cmd|" in text and "'@SUM(1)" in text and "'=1+1" in text
    assert "\n=" not in text and ",=" not in text


def test_wrong_columns_with_some_fields_are_carried_through(tmp_path):
    src, dst = tmp_path / "in.csv", tmp_path / "out.csv"
    src.write_text("company,new_jobs,colour\nA,100,red\n")
    batch.run(str(src), str(dst))
    assert dst.read_text().splitlines()[0].startswith("company,new_jobs,colour,eligible")
