"""`import domainlens` first, then Python's OpenSSL users (hashlib, ssl, numpy's random
generators, which import secrets -> hmac -> _hashlib): with Parquet support _core links pyarrow's
libparquet, which exports its bundled OpenSSL's symbols, and the system libcrypto loaded through
_core bound its internal calls to them: the first hash crashed the interpreter (SIGSEGV). Run in
a fresh interpreter, as a user's script would, so nothing imported by pytest loads them first."""
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
