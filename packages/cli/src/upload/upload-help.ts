/** Help epilog of `media upload`: the uploader's exit codes (core's UPLOADER_EXIT_CODES, same meanings). */
export const UPLOAD_HELP = `
Prints progress on stderr (a bar on a terminal, otherwise a line at every 10% and every 5 seconds)
and ends with ONE JSON line on stdout: {"state":"done","exit_code":0,"file_id":"...","bytes_sent":...,...}.
Running the same command again after exit 3 continues the same upload link.

Exit codes (same meanings as the served uploader scripts):
  0  done            whole file stored, completed and verified (ready to post)
  1  failed          gave up after retries; run again once
  2  refused         file missing, empty, changed while uploading, or storage refused it
  3  partial         --max-run-seconds used up; run the same command again, it continues
  4  token_rejected  the link can give no fresh token (renewals used up); create a new link
  5  busy            another uploader is sending this file; wait
  6  bad_command     wrong arguments to this command
`;
