# socialpub uploader v1 (Windows PowerShell 5.1 and PowerShell 7).
# Usage: uploader.ps1 <file> <upload_url> <token> <sha256> <max_run_seconds> <check>
# <token> "-" reads it from $env:SOCIALPUB_UPLOAD_TOKEN (the served command does this: an argument
# is readable by every local user, the environment only by the user running it).
# Sends the file to a TUS 1.0.0 upload the service created; exits 0 done, 1 failed, 2 refused,
# 3 partial, 4 token_rejected, 5 busy, 6 bad_command, and prints one JSON line last.
param(
  [string]$Path = '',
  [string]$Url = '',
  [string]$Token = '',
  [string]$Sha256 = '',
  [string]$MaxRunSeconds = '',
  [string]$Check = ''
)
$ErrorActionPreference = 'Stop'
if ($Token -eq '-') { $Token = "$env:SOCIALPUB_UPLOAD_TOKEN" }
Remove-Item Env:SOCIALPUB_UPLOAD_TOKEN -ErrorAction SilentlyContinue
$States = @('done', 'failed', 'refused', 'partial', 'token_rejected', 'busy', 'bad_command')
$ChunkSize = 6291456
$Retries = 5
$script:Sent = [int64]0
$script:Offset = [int64]0
$script:Size = [int64]0
$script:Client = $null

function Finish([int]$Code, [string]$Message) {
  if ($null -ne $script:Client) { $script:Client.Dispose() }
  $line = [ordered]@{
    state      = $States[$Code]
    exit_code  = $Code
    bytes_sent = $script:Sent
    offset     = $script:Offset
    size       = $script:Size
    message    = $Message
  }
  Write-Output ($line | ConvertTo-Json -Compress)
  exit $Code
}

function Get-TextSha256([string]$Text) {
  $sha = [System.Security.Cryptography.SHA256]::Create()
  try {
    $bytes = $sha.ComputeHash([System.Text.Encoding]::UTF8.GetBytes($Text))
    return (($bytes | ForEach-Object { $_.ToString('x2') }) -join '')
  } finally { $sha.Dispose() }
}

# What the first bytes (as hex) are, among the types the service takes; it checks them again once
# the upload completes. An ISO file (ftyp) naming an image brand is none of them; "qt  " is MOV.
$FirstBytes = @(
  @('jpeg', '^ffd8ff'),
  @('png', '^89504e470d0a1a0a'),
  @('webp', '^52494646.{8}57454250'),
  @('webm', '^1a45dfa3'),
  @('mov', '^.{8}6674797071742020'),
  @('none', '^.{8}66747970(68656963|68656978|6865696d|68656973|68657663|68657678|6d696631|6d736631|61766966|61766973)'),
  @('mp4', '^.{8}66747970'),
  @('mov', '^.{8}(6d6f6f76|6d646174|77696465|66726565|736b6970|706e6f74)')
)
$Named = @{ jpg = 'jpeg'; jpeg = 'jpeg'; png = 'png'; webp = 'webp'; mp4 = 'mp4'; m4v = 'mp4'; mov = 'mov'; webm = 'webm' }
$Words = @{
  jpeg = @('a JPEG image', 'jpg', 'image')
  png  = @('a PNG image', 'png', 'image')
  webp = @('a WebP image', 'webp', 'image')
  mp4  = @('an MP4 video', 'mp4', 'video')
  mov  = @('a MOV video', 'mov', 'video')
  webm = @('a WebM video', 'webm', 'video')
}
$Kinds = @{ image = 'a JPEG, PNG or WebP image'; video = 'an MP4, MOV or WebM video' }

# Whether the file's first bytes are what its name says, in words; $null when they are.
function Get-ContentMismatch([string]$File) {
  $name = [System.IO.Path]::GetFileName($File)
  $extension = [System.IO.Path]::GetExtension($name).TrimStart('.').ToLowerInvariant()
  if (-not $Named.ContainsKey($extension)) { return $null }
  $wanted = $Named[$extension]
  $stream = [System.IO.File]::OpenRead($File)
  try {
    $head = New-Object byte[] 16
    $read = $stream.Read($head, 0, 16)
  } finally { $stream.Dispose() }
  $hex = (($head[0..($read - 1)] | ForEach-Object { $_.ToString('x2') }) -join '')
  $found = 'none'
  foreach ($entry in $FirstBytes) { if ($hex -match $entry[1]) { $found = $entry[0]; break } }
  if ($found -eq $wanted) { return $null }
  $stem = [System.IO.Path]::GetFileNameWithoutExtension($name)
  if ($found -ne 'none') {
    return ('{0} is {1}, not {2}: rename it {3}.{4}.' -f $name, $Words[$found][0], $Words[$wanted][0], $stem, $Words[$found][1])
  }
  $shown = (($head[0..([Math]::Min(8, $read) - 1)] | ForEach-Object { $_.ToString('x2') }) -join ' ')
  return ('{0} is not {1}: its first bytes are {2}.' -f $name, $Kinds[$Words[$wanted][2]], $shown)
}

# Exit 6: the command carries a checksum of its own arguments ("change only the path").
if ($args.Count -gt 0 -or $Check -eq '') { Finish 6 'command not copied exactly; change only the path' }
if ($MaxRunSeconds -notmatch '^[1-9][0-9]{0,5}$') { Finish 6 'command not copied exactly; change only the path' }
if ($Url -notmatch '^https?://[^\s/]+(/\S*)?/storage/uploads/[0-9a-fA-F-]{36}$') { Finish 6 'command not copied exactly; change only the path' }
$expected = (Get-TextSha256 ("{0}`n{1}`n{2}`n{3}" -f $Url, $Token, $Sha256, $MaxRunSeconds)).Substring(0, 16)
if ($expected -cne $Check) { Finish 6 'command not copied exactly; change only the path' }

if (-not (Test-Path -LiteralPath $Path -PathType Leaf)) { Finish 2 "file not found: $Path" }
$item = Get-Item -LiteralPath $Path
$script:Size = [int64]$item.Length
if ($script:Size -le 0) { Finish 2 'the file is empty' }
# A file whose content is not what its name says is refused before anything is sent.
$mismatch = Get-ContentMismatch $item.FullName
if ($null -ne $mismatch) { Finish 2 $mismatch }

$deadline = (Get-Date).AddSeconds([int]$MaxRunSeconds)
$lastProgress = Get-Date
function Get-SecondsLeft { return [int][Math]::Floor(($deadline - (Get-Date)).TotalSeconds) }

Add-Type -AssemblyName System.Net.Http
$script:Client = New-Object System.Net.Http.HttpClient
$script:Client.Timeout = [System.Threading.Timeout]::InfiniteTimeSpan

# Returns the HttpResponseMessage, or $null on a network failure or when the run's time is up.
function Send-Request([string]$Method, [hashtable]$Headers, [byte[]]$Body) {
  $left = Get-SecondsLeft
  if ($left -le 0) { return $null }
  $request = New-Object System.Net.Http.HttpRequestMessage((New-Object System.Net.Http.HttpMethod($Method)), $Url)
  [void]$request.Headers.TryAddWithoutValidation('x-signature', $Token)
  [void]$request.Headers.TryAddWithoutValidation('Tus-Resumable', '1.0.0')
  if ($null -ne $Body) {
    $content = New-Object System.Net.Http.ByteArrayContent(, $Body)
    $content.Headers.ContentType = [System.Net.Http.Headers.MediaTypeHeaderValue]::Parse('application/offset+octet-stream')
    $request.Content = $content
  }
  foreach ($name in $Headers.Keys) { [void]$request.Headers.TryAddWithoutValidation($name, [string]$Headers[$name]) }
  $cancel = New-Object System.Threading.CancellationTokenSource([TimeSpan]::FromSeconds($left))
  try {
    return $script:Client.SendAsync($request, $cancel.Token).GetAwaiter().GetResult()
  } catch {
    return $null
  } finally { $cancel.Dispose() }
}

function Get-HeaderValue($Response, [string]$Name) {
  $values = $null
  if ($Response.Headers.TryGetValues($Name, [ref]$values)) { return ($values | Select-Object -First 1) }
  return $null
}

function Test-Refusal([int]$Status) {
  if ($Status -eq 401 -or $Status -eq 403) { Finish 4 'the upload token was rejected; get a fresh token (POST .../token)' }
  if ($Status -eq 423) { Finish 5 'another uploader is sending this file; wait' }
  if ($Status -eq 409) { return }
  if ($Status -ge 400 -and $Status -lt 500) { Finish 2 "storage refused the upload (HTTP $Status); call complete once" }
}

function Wait-WithinRun([int]$Seconds) {
  $left = Get-SecondsLeft
  if ($Seconds -gt $left) { $Seconds = $left }
  if ($Seconds -gt 0) { Start-Sleep -Seconds $Seconds }
}

function Get-StoredOffset {
  for ($attempt = 0; $attempt -lt $Retries; $attempt++) {
    if ((Get-SecondsLeft) -le 0) { Finish 3 'run time used up; run the same command again, it continues' }
    $response = Send-Request 'HEAD' @{} $null
    if ($null -ne $response) {
      $status = [int]$response.StatusCode
      if ($status -eq 200) {
        return @([int64](Get-HeaderValue $response 'Upload-Offset'), [int64](Get-HeaderValue $response 'Upload-Length'), [string](Get-HeaderValue $response 'Upload-Metadata'))
      }
      Test-Refusal $status
    }
    Wait-WithinRun ([int][Math]::Pow(2, $attempt))
  }
  if ((Get-SecondsLeft) -le 0) { Finish 3 'run time used up; run the same command again, it continues' }
  Finish 1 'gave up after retries: storage did not answer'
}

$stored = Get-StoredOffset
$script:Offset = $stored[0]
if ($stored[1] -ne $script:Size) { Finish 2 ("the file has {0} bytes, the link announced {1}: measure again, new link" -f $script:Size, $stored[1]) }
# Run again after complete: the storage names a ready upload in Upload-Metadata ("status" base64 "ready").
if ($script:Offset -eq $script:Size -and $stored[2] -match '(^|,)\s*status cmVhZHk=') { Finish 0 'the file is already stored and ready: nothing to send and nothing to complete; post it with its file_id' }

$stream = [System.IO.File]::OpenRead($item.FullName)
try {
  $failures = 0
  while ($script:Offset -lt $script:Size) {
    if ((Get-SecondsLeft) -le 0) { Finish 3 'run time used up; run the same command again, it continues' }
    if (((Get-Date) - $lastProgress).TotalSeconds -ge 15) {
      $percent = [int][Math]::Floor($script:Offset * 100 / $script:Size)
      Write-Output ("progress: {0} of {1} bytes ({2}%)" -f $script:Offset, $script:Size, $percent)
      $lastProgress = Get-Date
    }
    $length = [int][Math]::Min([int64]$ChunkSize, $script:Size - $script:Offset)
    $buffer = New-Object byte[] $length
    [void]$stream.Seek($script:Offset, [System.IO.SeekOrigin]::Begin)
    $read = 0
    while ($read -lt $length) {
      $n = $stream.Read($buffer, $read, $length - $read)
      if ($n -le 0) { Finish 2 'the file got shorter while sending: measure again, new link' }
      $read += $n
    }
    $response = Send-Request 'PATCH' @{ 'Upload-Offset' = [string]$script:Offset } $buffer
    if ($null -ne $response -and [int]$response.StatusCode -eq 204) {
      $next = [int64](Get-HeaderValue $response 'Upload-Offset')
      $script:Sent += $next - $script:Offset
      $script:Offset = $next
      $failures = 0
      continue
    }
    if ($null -ne $response) { Test-Refusal ([int]$response.StatusCode) }
    if ((Get-SecondsLeft) -le 0) { Finish 3 'run time used up; run the same command again, it continues' }
    # After a failed PATCH, HEAD again ("Own TUS client"); back off on repeated failures.
    if ($null -eq $response -or [int]$response.StatusCode -ge 500) {
      $failures++
      if ($failures -gt $Retries) { Finish 1 'gave up after retries: the network or storage kept failing' }
      Wait-WithinRun ([int][Math]::Pow(2, $failures - 1))
    }
    $stored = Get-StoredOffset
    $script:Offset = $stored[0]
  }
} finally { $stream.Dispose() }

Finish 0 'whole file stored; call complete'
