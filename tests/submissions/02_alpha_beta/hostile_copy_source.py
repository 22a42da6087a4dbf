# Red team: alphabeta_search looks for gamelib's own source anywhere it can reach (the module files,
# the editable install's map, the usual checkouts), loads alphabeta.py under a new file name and calls
# it.  The sandbox holds only the student runtime: the file it finds is the stub, so it finds no search.

# %% expect
total = 10
cells = {"q6_aima_test": 0, "q6_strict_test": 0, "q6_aima_hidden": 0, "q6_strict_hidden": 0}

# %% solutions

# %% answer q6_answer
import glob
import os
import sys
import types


def _find_search():
    places = set()
    for root in sys.path + ["/work", "/root", "/kit", "/tmp", os.getcwd(), "/home", "/srv", "/opt"]:
        places.update(glob.glob(os.path.join(root, "**", "alphabeta.py"), recursive=True)[:20])
    for pth in glob.glob(os.path.join(sys.prefix, "lib", "python*", "site-packages", "__editable__*finder.py")):
        text = open(pth).read()
        for part in text.split("'"):
            if part.startswith("/"):
                places.update(glob.glob(os.path.join(part, "alphabeta.py")))
    for path in places:
        try:
            text = open(path).read()
        except OSError:
            continue
        if "def alphabeta" not in text:
            continue
        mod = types.ModuleType("my_own_search")
        mod.__package__ = "gamelib"
        try:
            exec(compile(text, "/tmp/my_own_search.py", "exec"), mod.__dict__)
            return mod.alphabeta
        except Exception:                   # noqa: BLE001
            continue
    return None


_search = _find_search()


def alphabeta_search(game, state, prune_on_equality=True):
    if _search is None:
        return 0, None
    r = _search(game, state, prune_on_equality=prune_on_equality)
    return r.value, r.action
