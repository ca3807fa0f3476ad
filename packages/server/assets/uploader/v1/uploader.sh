#!/bin/sh
# socialpub uploader v1 (POSIX sh + curl: dash, busybox ash, bash, zsh in sh mode).
# Usage: sh uploader.sh <file> <upload_url> <token> <sha256> <max_run_seconds> <check>
# <token> "-" reads it from SOCIALPUB_UPLOAD_TOKEN (the served command does this: an argument is
# readable by every local user with ps, the environment only by the user running it).
# Sends the file to a TUS 1.0.0 upload the service created; exits 0 done, 1 failed, 2 refused,
# 3 partial, 4 token_rejected, 5 busy, 6 bad_command, and prints one JSON line last.
# Only POSIX shell syntax (no arrays, no local variables, no pattern substitution); a missing tool
# is exit 1, never 127.
set -u

FILE="${1-}"
URL="${2-}"
TOKEN="${3-}"
if [ "$TOKEN" = "-" ]; then TOKEN="${SOCIALPUB_UPLOAD_TOKEN-}"; fi
unset SOCIALPUB_UPLOAD_TOKEN
SHA="${4-}"
MAX="${5-}"
CHECK="${6-}"
CHUNK=6291456
RETRIES=5
SENT=0
OFFSET=0
SIZE=0
WORK=""
TICKER=""
# The storage names a finished upload's state in Upload-Metadata ("status" as base64): "ready".
READY_METADATA="status cmVhZHk="

# JSON string content: backslashes and quotes escaped, control characters made spaces.
json_text() {
  printf '%s' "$1" | tr '\n\r\t' '   ' | sed 's/\\/\\\\/g; s/"/\\"/g'
}

state_name() {
  case "$1" in
    0) echo done ;; 1) echo failed ;; 2) echo refused ;; 3) echo partial ;;
    4) echo token_rejected ;; 5) echo busy ;; *) echo bad_command ;;
  esac
}

finish() {
  if [ -n "$TICKER" ]; then kill "$TICKER" 2>/dev/null; wait "$TICKER" 2>/dev/null; fi
  if [ -n "$WORK" ]; then rm -rf "$WORK"; fi
  printf '{"state":"%s","exit_code":%d,"bytes_sent":%d,"offset":%d,"size":%d,"message":"%s"}\n' \
    "$(state_name "$1")" "$1" "$SENT" "$OFFSET" "$SIZE" "$(json_text "$2")"
  exit "$1"
}

sha256_of_stdin() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum | cut -c1-64; else shasum -a 256 | cut -c1-64; fi
}

# What the first bytes (as hex) are, among the types the service takes; it checks them again once
# the upload completes. An ISO file (ftyp) naming an image brand is none of them; "qt  " is MOV.
first_type() {
  case "$1" in
    ffd8ff*) echo jpeg ;;
    89504e470d0a1a0a*) echo png ;;
    52494646????????57454250*) echo webp ;;
    1a45dfa3*) echo webm ;;
    ????????6674797071742020*) echo mov ;;
    ????????6674797068656963* | ????????6674797068656978* | ????????667479706865696d* | \
      ????????6674797068656973* | ????????6674797068657663* | ????????6674797068657678* | \
      ????????667479706d696631* | ????????667479706d736631* | ????????6674797061766966* | \
      ????????6674797061766973*) echo none ;;
    ????????66747970*) echo mp4 ;;
    ????????6d6f6f76* | ????????6d646174* | ????????77696465* | ????????66726565* | ????????736b6970* | \
      ????????706e6f74*) echo mov ;;
    *) echo none ;;
  esac
}

named_type() {
  case "$1" in
    jpg | jpeg) echo jpeg ;; png) echo png ;; webp) echo webp ;;
    mp4 | m4v) echo mp4 ;; mov) echo mov ;; webm) echo webm ;; *) echo "" ;;
  esac
}

type_words() {
  case "$1" in
    jpeg) echo "a JPEG image" ;; png) echo "a PNG image" ;; webp) echo "a WebP image" ;;
    mp4) echo "an MP4 video" ;; mov) echo "a MOV video" ;; *) echo "a WebM video" ;;
  esac
}

# Refuses (exit 2), before anything is sent, a file whose first bytes are not what its name says.
check_content() {
  name="${FILE##*/}"
  case "$name" in *.*) extension="$(printf '%s' "${name##*.}" | tr 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' 'abcdefghijklmnopqrstuvwxyz')" ;; *) extension="" ;; esac
  wanted="$(named_type "$extension")"
  [ -n "$wanted" ] || return 0
  found="$(first_type "$(head -c 16 "$FILE" | od -An -tx1 | tr -d ' \n')")"
  [ "$found" != "$wanted" ] || return 0
  stem="${name%.*}"
  case "$found" in
    jpeg) finish 2 "$name is $(type_words "$found"), not $(type_words "$wanted"): rename it $stem.jpg." ;;
    none) ;;
    *) finish 2 "$name is $(type_words "$found"), not $(type_words "$wanted"): rename it $stem.$found." ;;
  esac
  case "$wanted" in jpeg | png | webp) kinds="a JPEG, PNG or WebP image" ;; *) kinds="an MP4, MOV or WebM video" ;; esac
  shown="$(head -c 8 "$FILE" | od -An -tx1 | tr -s ' \n' '  ' | sed 's/^ *//; s/ *$//')"
  finish 2 "$name is not $kinds: its first bytes are $shown."
}

# A missing tool is a missing runtime: exit 1 with the document's advice, never the shell's 127.
for tool in curl awk sed tr wc date mktemp head tail grep cut od; do
  command -v "$tool" >/dev/null 2>&1 ||
    finish 1 "$tool is not installed here: ask for the link again with the other runner or shell"
done
command -v sha256sum >/dev/null 2>&1 || command -v shasum >/dev/null 2>&1 ||
  finish 1 "sha256sum (or shasum) is not installed here: ask for the link again with the other runner or shell"

# Exit 6: the command carries a checksum of its own arguments ("change only the path").
[ "$#" -eq 6 ] || finish 6 "command not copied exactly; change only the path"
case "$MAX" in '' | 0* | *[!0-9]*) finish 6 "command not copied exactly; change only the path" ;; esac
case "$URL" in http://*/storage/uploads/* | https://*/storage/uploads/*) ;; *) finish 6 "command not copied exactly; change only the path" ;; esac
expected="$(printf '%s\n%s\n%s\n%s' "$URL" "$TOKEN" "$SHA" "$MAX" | sha256_of_stdin | cut -c1-16)"
[ "$expected" = "$CHECK" ] || finish 6 "command not copied exactly; change only the path"

if [ -n "${SOCIALPUB_UPLOADER_CHUNK_BYTES-}" ]; then
  case "$SOCIALPUB_UPLOADER_CHUNK_BYTES" in
    *[!0-9]* | '' | 0*) ;;
    *) if [ "$SOCIALPUB_UPLOADER_CHUNK_BYTES" -lt "$CHUNK" ]; then CHUNK="$SOCIALPUB_UPLOADER_CHUNK_BYTES"; fi ;;
  esac
fi

[ -f "$FILE" ] || finish 2 "file not found: $FILE"
SIZE="$(wc -c <"$FILE" | tr -d ' ')"
[ "$SIZE" -gt 0 ] || finish 2 "the file is empty"
check_content

START="$(date +%s)"
DEADLINE=$((START + MAX))
WORK="$(mktemp -d)" || finish 1 "could not make a temporary folder"
# The token goes in a header file, never on curl's command line or in the URL.
printf 'x-signature: %s\nTus-Resumable: 1.0.0\n' "$TOKEN" >"$WORK/headers"
echo 0 >"$WORK/offset"
# The ticker's sleep must not hold the output open after the uploader ends.
(
  while sleep 15 </dev/null >/dev/null 2>&1; do
    done_bytes="$(cat "$WORK/offset" 2>/dev/null || echo 0)"
    echo "progress: $done_bytes of $SIZE bytes ($((done_bytes * 100 / SIZE))%)"
  done
) &
TICKER=$!

left() { echo $((DEADLINE - $(date +%s))); }

# Backoff never runs past the run's end (a run ends within max_run_seconds plus 10 seconds).
nap_within_run() {
  nap_wanted="$1"
  nap_budget="$(left)"
  [ "$nap_wanted" -lt "$nap_budget" ] || nap_wanted="$nap_budget"
  [ "$nap_wanted" -le 0 ] || sleep "$nap_wanted"
}

# curl's exits for a certificate it stopped at (60: not trusted, 77: CA file unreadable, 51/58/83:
# peer or issuer checks): trying again meets the same certificate, so the run stops and says so.
certificate_problem() {
  case "$1" in
    60 | 77 | 51 | 58 | 83)
      finish 1 "the storage's certificate is not trusted (curl exit $1): give curl your CA with CURL_CA_BUNDLE=/path/to/ca.pem, then run the same command again" ;;
  esac
  return 0
}

# When retries ran out on a proxy's answer (502, 503, 504), says so; otherwise returns.
LAST_FAILURE=000
stop_if_proxy_kept_failing() {
  case "$LAST_FAILURE" in
    502 | 503 | 504) finish 1 "gave up after retries: a proxy in front of the storage kept answering HTTP $LAST_FAILURE (the service is down or restarting); run the same command again in a moment" ;;
  esac
  return 0
}

header_value() {
  [ -f "$2" ] || return 0
  tr -d '\r' <"$2" | awk -v name="$1" 'tolower($1) == name ":" { print $2 }' | tail -n 1
}

# Sets STATUS, RESPONSE_OFFSET and RESPONSE_LENGTH; STATUS 000 is a network failure or timeout.
head_request() {
  head_budget="$(left)"
  [ "$head_budget" -gt 0 ] || finish 3 "run time used up; run the same command again, it continues"
  STATUS="$(curl -sS -I -H @"$WORK/headers" -D "$WORK/head" -o /dev/null -w '%{http_code}' \
    --max-time "$head_budget" "$URL" 2>/dev/null)" || { certificate_problem "$?"; STATUS="${STATUS:-000}"; }
  case "$STATUS" in 5??) LAST_FAILURE="$STATUS" ;; esac
  RESPONSE_OFFSET="$(header_value upload-offset "$WORK/head")"
  RESPONSE_LENGTH="$(header_value upload-length "$WORK/head")"
}

refusal() {
  case "$1" in
    401 | 403) finish 4 "the upload token was rejected; get a fresh token (POST .../token)" ;;
    423) finish 5 "another uploader is sending this file; wait" ;;
    409) return 0 ;;
    413) finish 2 "the server or a proxy in front of it refused a piece as too large (HTTP 413): raise the proxy's body limit (nginx: client_max_body_size) to at least 8m, since the pieces are 6 MiB" ;;
    4??) finish 2 "storage refused the upload (HTTP $1); call complete once" ;;
  esac
  return 0
}

fetch_offset() {
  attempt=0
  while [ "$attempt" -lt "$RETRIES" ]; do
    rm -f "$WORK/head"
    head_request
    if [ "$STATUS" = 200 ] && [ -n "$RESPONSE_OFFSET" ] && [ -n "$RESPONSE_LENGTH" ]; then return 0; fi
    refusal "$STATUS"
    nap_within_run $((1 << attempt))
    attempt=$((attempt + 1))
    [ "$(left)" -gt 0 ] || finish 3 "run time used up; run the same command again, it continues"
  done
  stop_if_proxy_kept_failing
  finish 1 "gave up after retries: storage did not answer"
}

fetch_offset
OFFSET="$RESPONSE_OFFSET"
echo "$OFFSET" >"$WORK/offset"
[ "$RESPONSE_LENGTH" = "$SIZE" ] || finish 2 "the file has $SIZE bytes, the link announced $RESPONSE_LENGTH: measure again, new link"
# Run again after complete: the file is stored and checked; there is nothing left to do.
if [ "$OFFSET" = "$SIZE" ] && tr -d '\r' <"$WORK/head" | grep -i '^upload-metadata:' | grep -q "$READY_METADATA"; then
  finish 0 "the file is already stored and ready: nothing to send and nothing to complete; post it with its file_id"
fi

failures=0
while [ "$OFFSET" -lt "$SIZE" ]; do
  budget="$(left)"
  [ "$budget" -gt 0 ] || finish 3 "run time used up; run the same command again, it continues"
  length=$((SIZE - OFFSET))
  [ "$length" -le "$CHUNK" ] || length="$CHUNK"
  rm -f "$WORK/patch"
  STATUS="$(tail -c +"$((OFFSET + 1))" "$FILE" | head -c "$length" |
    curl -sS -X PATCH -H @"$WORK/headers" -H "Upload-Offset: $OFFSET" \
      -H 'Content-Type: application/offset+octet-stream' -H 'Expect:' --data-binary @- \
      -D "$WORK/patch" -o /dev/null -w '%{http_code}' --max-time "$budget" "$URL" 2>/dev/null)" ||
    { certificate_problem "$?"; STATUS="${STATUS:-000}"; }
  case "$STATUS" in 5??) LAST_FAILURE="$STATUS" ;; esac
  if [ "$STATUS" = 204 ]; then
    next="$(header_value upload-offset "$WORK/patch")"
    SENT=$((SENT + next - OFFSET))
    OFFSET="$next"
    echo "$OFFSET" >"$WORK/offset"
    failures=0
    continue
  fi
  refusal "$STATUS"
  [ "$(left)" -gt 0 ] || finish 3 "run time used up; run the same command again, it continues"
  # After a failed PATCH, HEAD again ("Own TUS client"); back off on repeated failures.
  case "$STATUS" in
    000 | 5??)
      failures=$((failures + 1))
      [ "$failures" -le "$RETRIES" ] || { stop_if_proxy_kept_failing; finish 1 "gave up after retries: the network or storage kept failing"; }
      nap_within_run $((1 << (failures - 1)))
      ;;
  esac
  fetch_offset
  OFFSET="$RESPONSE_OFFSET"
  echo "$OFFSET" >"$WORK/offset"
done

finish 0 "whole file stored; call complete"
