"""A non-editable install (`pip install .`) carries the widgets, the rulebooks and the data files."""
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_contents_and_import(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps",
                    str(ROOT), "-w", str(tmp_path / "wheel")], check=True, capture_output=True)
    wheel = next((tmp_path / "wheel").glob("pirates_lab-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "pirates_lab/widgets/kit.py" in names and "pirates_lab/core/dist.py" in names
    assert {f"pirates_lab/seeds/{g}.txt" for g in ("plunder", "plunder_2013", "king_of_pirates",
                                                     "pillage_and_plunder", "pirates_and_plunder")} <= names
    shipped_data = {n for n in names if "/data/" in n}
    local_data = {str(p.relative_to(ROOT)) for p in (ROOT / "pirates_lab").glob("*/data/*") if p.suffix in (".toml", ".json")}
    assert local_data <= shipped_data
    assert not any("tests/" in n or n.startswith("notebooks/") for n in names)
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, capture_output=True)
    code = ("import pirates_lab, pirates_lab.widgets; from pirates_lab.core import rulebook; "
            "assert pirates_lab.__file__.startswith(%r); print(len(rulebook('plunder').headings))" % str(target))
    out = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env={"PYTHONPATH": str(target)},
                         check=True, capture_output=True, text=True)
    assert out.stdout.strip() == "23"
