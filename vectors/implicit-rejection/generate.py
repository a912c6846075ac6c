#!/usr/bin/env python3
"""Regenerates the two JSON files in this folder (see SOURCE.md).

1. openssl_kat.json: the stanzas of evppkey_rsa_implicit_rejection.txt with each PEM key
   written out as its RSA components (hex), and every case checked against the OpenSSL that
   pyca/cryptography bundles (it must be >= 3.2, which implements implicit rejection).
2. wycheproof_pkcs1_openssl.json: for every case of ../wycheproof/rsa_pkcs1_{2048,3072,4096}_test.json
   whose ciphertext is exactly k bytes and below n, the plaintext that OpenSSL's implicit
   rejection returns (the real message for valid cases, the synthetic one for invalid cases).

Run from this folder: python3 generate.py
"""
import json
import sys

from cryptography.hazmat.backends.openssl import backend
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import padding

version = backend.openssl_version_text()
assert version.startswith("OpenSSL ") and tuple(
    int(x) for x in version.split()[1].split(".")[:2]
) >= (3, 2), f"needs OpenSSL >= 3.2 for implicit rejection, have {version}"


def components(key):
    priv = key.private_numbers()
    pub = priv.public_numbers
    h = lambda x: format(x, "x")
    return {
        "n": h(pub.n), "e": h(pub.e), "d": h(priv.d), "p": h(priv.p), "q": h(priv.q),
        "dp": h(priv.dmp1), "dq": h(priv.dmq1), "qinv": h(priv.iqmp),
    }


def parse_openssl_stanzas(path):
    keys, cases = {}, []
    lines = open(path).read().splitlines()
    i, comment = 0, []
    while i < len(lines):
        line = lines[i]
        if line.startswith("PrivateKey = "):
            name = line.split("=", 1)[1].strip()
            j = i + 1
            while not lines[j].startswith("-----END"):
                j += 1
            pem = "\n".join(lines[i + 1 : j + 1]).encode()
            keys[name] = serialization.load_pem_private_key(pem, None)
            i = j + 1
            continue
        if line.startswith("#"):
            comment.append(line.lstrip("# "))
        elif line.startswith("Decrypt = "):
            key = line.split("=", 1)[1].strip()
            ct = lines[i + 1].split("=", 1)[1].strip().lower()
            out = lines[i + 2].split("=", 1)[1].strip()
            msg = out[1:-1].encode().hex() if out.startswith('"') else out.lower()
            cases.append({"key": key, "comment": " ".join(comment), "ct": ct, "msg": msg})
            comment = []
            i += 3
            continue
        elif not line.strip():
            pass
        i += 1
    return keys, cases


keys, cases = parse_openssl_stanzas("evppkey_rsa_implicit_rejection.txt")
for c in cases:
    key = keys[c["key"]]
    # OpenSSL reads a short ciphertext as if left-padded with zeros; pyca (and montvec)
    # require exactly k bytes, so those stanzas are kept but not rechecked here.
    if len(c["ct"]) // 2 != (key.key_size + 7) // 8:
        continue
    got = key.decrypt(bytes.fromhex(c["ct"]), padding.PKCS1v15()).hex()
    assert got == c["msg"], (c["comment"], got, c["msg"])
json.dump(
    {
        "source": "openssl test/recipes/30-test_evp_data/evppkey_rsa_common.txt; checked with " + version,
        "keys": {name: components(k) for name, k in keys.items()},
        "cases": cases,
    },
    open("openssl_kat.json", "w"),
    indent=1,
)

out = {"generator": "pyca/cryptography with " + version, "files": {}}
for size in (2048, 3072, 4096):
    name = f"rsa_pkcs1_{size}_test.json"
    data = json.load(open(f"../wycheproof/{name}"))
    results = {}
    for group in data["testGroups"]:
        key = serialization.load_pem_private_key(group["privateKeyPem"].encode(), None)
        n = key.private_numbers().public_numbers.n
        k = (n.bit_length() + 7) // 8
        for t in group["tests"]:
            ct = bytes.fromhex(t["ct"])
            if len(ct) != k or int.from_bytes(ct, "big") >= n:
                continue
            results[str(t["tcId"])] = key.decrypt(ct, padding.PKCS1v15()).hex()
    out["files"][name] = results
json.dump(out, open("wycheproof_pkcs1_openssl.json", "w"), indent=1)
print(len(cases), "OpenSSL stanzas;", {f: len(r) for f, r in out["files"].items()}, file=sys.stderr)
