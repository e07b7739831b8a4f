"""Verifies one received webhook with the official Standard Webhooks library for Python, as a
receiver would: `python verify.py SECRET HEADERS.json BODY`. Prints "verified" (exit 0), or the
library's reason (exit 1)."""
import json
import sys

from standardwebhooks.webhooks import Webhook

secret, headers_path, body_path = sys.argv[1:4]
with open(headers_path, encoding="utf-8") as f:
    headers = json.load(f)
with open(body_path, "rb") as f:
    body = f.read()
try:
    Webhook(secret).verify(body, headers)
    print("verified")
except Exception as error:  # the library raises its own errors and base64's
    print(error)
    sys.exit(1)
