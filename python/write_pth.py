"""Writes domainlens-build.pth into the interpreter's site-packages so that `import domainlens`
finds the package the build put in DIR (python/CMakeLists.txt, option DOMAINLENS_PYTHON_PTH).
The first writable of: purelib (a venv's or pyenv's site-packages), the user site. A copy
installed with `pip install ./python` comes first on sys.path only if it is earlier there; the
.pth is what scripts/build.sh gives, `pip uninstall`-free: delete the file to undo it."""
import os
import site
import sys
import sysconfig


def main(target: str) -> int:
    line = os.path.abspath(target) + "\n"
    candidates = [sysconfig.get_paths()["purelib"]]
    if site.ENABLE_USER_SITE:
        candidates.append(site.getusersitepackages())
    for folder in candidates:
        path = os.path.join(folder, "domainlens-build.pth")
        try:
            os.makedirs(folder, exist_ok=True)
            if os.path.exists(path) and open(path, encoding="utf-8").read() == line:
                return 0
            tmp = path + ".tmp"
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(line)
            os.replace(tmp, path)
            return 0
        except OSError:
            continue
    print(f"domainlens: no writable site-packages for {sys.executable}; set PYTHONPATH={target}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
