"""`import domainlens` first, then Python's OpenSSL users (hashlib, ssl, numpy's random
generators, which import secrets -> hmac -> _hashlib): when _core linked pyarrow's libparquet,
which exports its bundled OpenSSL's symbols, the system libcrypto loaded through _core bound its
internal calls to them and the first hash crashed the interpreter (SIGSEGV). Parquet now lives in
libdomainlens_arrow.so, dlopen'ed with RTLD_LOCAL | RTLD_DEEPBIND on first use; these tests keep
both orders honest. Run in a fresh interpreter, as a user's script would, so nothing imported by
pytest loads them first."""
import hashlib
import os
import subprocess
import sys

import numpy as np

SCRIPT = """
import domainlens
import hashlib, hmac, ssl
import numpy as np
print(hashlib.sha256(b"domainlens").hexdigest()[:12], hmac.new(b"k", b"m", "sha256").hexdigest()[:8],
      ssl.OPENSSL_VERSION.split()[0], round(float(np.random.default_rng(0).random()), 6))
"""


def test_openssl_users_after_import():
    r = subprocess.run([sys.executable, "-c", SCRIPT], env=os.environ, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, f"exit {r.returncode}: {r.stderr[-2000:]}"
    digest, mac, openssl, draw = r.stdout.split()
    assert digest == hashlib.sha256(b"domainlens").hexdigest()[:12]
    assert len(mac) == 8 and openssl == "OpenSSL"
    assert draw == str(round(float(np.random.default_rng(0).random()), 6))


LAZY_SCRIPT = """
import os, sys, tempfile
import domainlens

def mapped(name):
    with open("/proc/self/maps") as f:
        return any(name in line for line in f)

assert not mapped("libparquet"), "import domainlens loaded libparquet"
d = tempfile.mkdtemp()
with domainlens.create(os.path.join(d, "p.dlproj")) as p:
    try:
        p.import_(parquet=os.path.join(d, "absent.parquet"), corpus="c")
    except domainlens.Error as e:
        assert "absent.parquet" in str(e), str(e)
    else:
        raise SystemExit("a missing Parquet file imported")
assert mapped("libdomainlens_arrow"), "the Parquet module was not loaded"
assert mapped("libparquet"), "libparquet was not loaded"
import hashlib, ssl
print(hashlib.sha256(b"domainlens").hexdigest()[:12], ssl.OPENSSL_VERSION.split()[0])
"""


def test_parquet_module_is_lazy_and_isolated():
    """`import domainlens` maps no Arrow library; the first Parquet path loads the module
    (libdomainlens_arrow.so, RTLD_LOCAL | RTLD_DEEPBIND, and with it pyarrow's libparquet), and
    Python's OpenSSL users still work afterwards (ARCHITECTURE.md, known traps)."""
    r = subprocess.run([sys.executable, "-c", LAZY_SCRIPT], env=os.environ, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, f"exit {r.returncode}: {r.stdout[-1000:]} {r.stderr[-2000:]}"
    digest, openssl = r.stdout.split()
    assert digest == hashlib.sha256(b"domainlens").hexdigest()[:12] and openssl == "OpenSSL"
