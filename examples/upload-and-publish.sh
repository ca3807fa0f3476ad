#!/bin/sh
# Upload a local video with the socialpub CLI, then publish it to youtube and wait until done.
#
#   sh examples/upload-and-publish.sh ./video.mp4 "Launch video" unlisted
#
# The key comes from SOCIALPUB_API_KEY or `npx socialpub login`; SOCIALPUB_BASE_URL defaults to
# http://127.0.0.1:8787 (the server of `npm start`). The CLI is this checkout's own, the one
# `npx socialpub` runs (it builds itself on first use); SOCIALPUB_CLI names another command.
# SOCIALPUB_PROFILE picks the profile (default @demobrand). SOCIALPUB_WAIT=0 returns once the post
# is accepted instead of polling until it is done. Any POSIX shell runs it (dash, bash, busybox ash).
set -eu

die() {
  printf 'upload-and-publish.sh: %s\n' "$1" >&2
  exit 1
}

[ $# -ge 1 ] || die 'usage: sh examples/upload-and-publish.sh VIDEO [TITLE] [PRIVACY]'
file=$1
title=${2:-Uploaded with the socialpub CLI}
privacy=${3:-private}
profile=${SOCIALPUB_PROFILE:-@demobrand}
[ -f "$file" ] || die "no file at $file: give the path of a video (MP4, MOV or WebM)"

case $0 in
  */*) here=${0%/*} ;;
  *) here=. ;;
esac
launcher="$here/../packages/cli/bin/socialpub.js"
if [ -z "${SOCIALPUB_CLI:-}" ]; then
  command -v node >/dev/null 2>&1 || die 'node is not installed: the socialpub CLI needs Node.js 20 or newer'
  [ -f "$launcher" ] || die "no socialpub CLI at $launcher: run the script from a socialpub checkout, or set SOCIALPUB_CLI"
fi

socialpub() {
  if [ -n "${SOCIALPUB_CLI:-}" ]; then
    # shellcheck disable=SC2086 # SOCIALPUB_CLI may be a command with arguments, e.g. "node bin.js".
    $SOCIALPUB_CLI "$@"
  else
    node "$launcher" "$@"
  fi
}

# `media upload` ends with one JSON line (state, exit_code, file_id, ...) and exits with the
# uploader's code; when it fails it has already said why on stderr, in one line.
status=0
line=$(socialpub media upload "$file" --no-progress) || status=$?
[ "$status" -eq 0 ] || exit "$status"
rest=${line#*\"file_id\":\"}
[ "$rest" != "$line" ] || die "the upload answered without a file_id: $line"
file_id=${rest%%\"*}
echo "Uploaded: $file_id"

if [ "${SOCIALPUB_WAIT:-1}" = 0 ]; then
  socialpub posts create --profile "$profile" --platform youtube --media "$file_id" \
    --text "$title" --youtube-title "$title" --youtube-privacy "$privacy"
else
  socialpub posts create --profile "$profile" --platform youtube --media "$file_id" \
    --text "$title" --youtube-title "$title" --youtube-privacy "$privacy" --wait
fi
