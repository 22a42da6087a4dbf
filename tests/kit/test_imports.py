"""What importing gamelib costs: the package and its pictures load without scipy (issue 12)."""
from __future__ import annotations


# --- imports: scipy only when the sigma study needs it ---------------------------------------------
def test_importing_gamelib_and_its_pictures_does_not_import_scipy():
    import subprocess
    import sys
    code = ("import sys, gamelib, gamelib.games, gamelib.viz, gamelib.experiments.sigma; "
            "assert 'scipy' not in sys.modules, sorted(m for m in sys.modules if m.startswith('scipy'))[:5]; "
            "from gamelib.experiments.sigma import ndtr; assert abs(ndtr(0.0) - 0.5) < 1e-15; "
            "assert 'scipy.special' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)
