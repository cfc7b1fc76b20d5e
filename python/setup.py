"""Builds the compiled module with the project's CMake and packages it (pyproject.toml).

The extension is the CMake target `domainlens_python` (python/CMakeLists.txt), built in the
checkout's build folder: DOMAINLENS_BUILD_DIR, default <checkout>/build (configured with the
`dev` preset when it has not been yet, for this interpreter, without the development .pth).
An existing build folder is reused as it is, so `pip install ./python` after scripts/build.sh
only copies files."""
import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

ROOT = Path(__file__).resolve().parent.parent


class BuildWithCMake(build_py):
    def run(self):
        build = Path(os.environ.get("DOMAINLENS_BUILD_DIR", ROOT / "build"))
        if not (build / "CMakeCache.txt").exists():
            subprocess.check_call(["cmake", "-S", str(ROOT), "--preset", "dev", "-B", str(build),
                                   f"-DDOMAINLENS_PYTHON={sys.executable}", "-DDOMAINLENS_PYTHON_PTH=OFF"])
        jobs = os.environ.get("JOBS", str(os.cpu_count() or 2))
        subprocess.check_call(["cmake", "--build", str(build), "--target", "domainlens_python", "-j", jobs])
        super().run()
        built = glob.glob(str(build / "python" / "domainlens" / "_core*.so"))
        if not built:
            raise RuntimeError(f"the build put no _core*.so in {build}/python/domainlens")
        for so in built:
            shutil.copy(so, Path(self.build_lib) / "domainlens")


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True  # a platform wheel: the package holds a compiled module


setup(
    packages=["domainlens"],
    package_data={"domainlens": ["*.pyi", "py.typed"]},
    cmdclass={"build_py": BuildWithCMake},
    distclass=BinaryDistribution,
    zip_safe=False,
)
