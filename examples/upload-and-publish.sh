#!/bin/sh
# Upload a local video with the socialpub CLI, then publish it to youtube and wait until done.
#
#   SOCIALPUB_API_KEY=... sh examples/upload-and-publish.sh ./video.mp4 "Launch video" unlisted
#
# SOCIALPUB_BASE_URL defaults to http://127.0.0.1:8787 (the server of `npm start`). SOCIALPUB_CLI
# names the command (default `socialpub`; from a checkout: "node packages/cli/dist/bin.js").
# SOCIALPUB_WAIT=0 returns once the post is accepted instead of polling until it is done.
set -eu

file=${1:?usage: upload-and-publish.sh VIDEO [TITLE] [PRIVACY]}
title=${2:-Uploaded with the socialpub CLI}
privacy=${3:-private}
profile=${SOCIALPUB_PROFILE:-@demobrand}
cli=${SOCIALPUB_CLI:-socialpub}

# `media upload` ends with one JSON line (state, exit_code, file_id, ...); its exit code is the
# uploader's (0 done, 3 partial: run it again and it continues).
line=$($cli media upload "$file" --no-progress | tail -n 1)
file_id=$(printf '%s' "$line" | node -e '
  let text = "";
  process.stdin.on("data", (chunk) => (text += chunk));
  process.stdin.on("end", () => {
    const line = JSON.parse(text);
    if (line.state !== "done" || !line.file_id) {
      console.error(`upload ${line.state}: ${line.message}`);
      process.exit(1);
    }
    process.stdout.write(line.file_id);
  });
')
echo "Uploaded: $file_id"

wait_flag=--wait
if [ "${SOCIALPUB_WAIT:-1}" = 0 ]; then wait_flag=; fi
# shellcheck disable=SC2086 # $cli may be "node path/to/bin.js"; $wait_flag may be empty.
$cli posts create --profile "$profile" --platform youtube --media "$file_id" \
  --text "$title" --youtube-title "$title" --youtube-privacy "$privacy" $wait_flag
