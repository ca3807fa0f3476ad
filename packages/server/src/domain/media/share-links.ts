import { apiError } from '@socialpub/core';

/**
 * Share links of file-sharing providers ("Share links"): a link that opens the provider's page is
 * converted to the provider's download form; a folder, or a form of a known provider that names no
 * single file, is refused with a code, `next_step` and `provider`.
 */
export type ShareProvider = 'dropbox' | 'google_drive' | 'onedrive';

/**
 * Where converted links download from. The real providers by default; a test points them at a
 * loopback file server (the path and query of the download form are kept).
 */
export interface ShareLinkOrigins {
  dropbox: string;
  googleDrive: string;
  onedriveApi: string;
  onedriveLive: string;
}

export const PROVIDER_ORIGINS: ShareLinkOrigins = {
  dropbox: 'https://www.dropbox.com',
  googleDrive: 'https://drive.google.com',
  onedriveApi: 'https://api.onedrive.com',
  onedriveLive: 'https://onedrive.live.com',
};

export type ShareLinkResolution =
  | { kind: 'direct' }
  | { kind: 'share_link'; provider: ShareProvider; downloadUrl: string; needsConversion: boolean };

const DROPBOX_HOSTS = new Set(['www.dropbox.com', 'dropbox.com']);
const DRIVE_HOSTS = new Set(['drive.google.com', 'docs.google.com']);
const ONEDRIVE_SHORT_HOSTS = new Set(['1drv.ms']);
const ONEDRIVE_LIVE_HOSTS = new Set(['onedrive.live.com']);

function refuse(
  code: 'link_is_folder' | 'link_not_supported',
  provider: ShareProvider,
  message: string,
): Error {
  return apiError(code, message, { extra: { provider } });
}

function withOrigin(origin: string, pathAndQuery: string): string {
  return `${origin.replace(/\/+$/, '')}${pathAndQuery}`;
}

function dropbox(url: URL, origins: ShareLinkOrigins): ShareLinkResolution {
  const path = url.pathname;
  if (/^\/(sh|scl\/fo)\//.test(path)) {
    throw refuse('link_is_folder', 'dropbox', 'This Dropbox link names a folder, not one file.');
  }
  const isFile = /^\/s\/[^/]+\/[^/]+/.test(path);
  const isNewFile = /^\/scl\/fi\/[^/]+\/[^/]+/.test(path) && url.searchParams.has('rlkey');
  if (!isFile && !isNewFile) {
    throw refuse('link_not_supported', 'dropbox', 'This form of Dropbox link is not supported.');
  }
  const alreadyDownloads = url.searchParams.get('dl') === '1' || url.searchParams.get('raw') === '1';
  const query = new URLSearchParams(url.searchParams);
  if (!alreadyDownloads) query.set('dl', '1');
  return {
    kind: 'share_link',
    provider: 'dropbox',
    downloadUrl: withOrigin(origins.dropbox, `${path}?${query.toString()}`),
    needsConversion: !alreadyDownloads,
  };
}

const DRIVE_ID = /^[A-Za-z0-9_-]{10,}$/;

function googleDrive(url: URL, origins: ShareLinkOrigins): ShareLinkResolution {
  const path = url.pathname;
  if (url.hostname === 'drive.google.com' && /\/folders\//.test(path)) {
    throw refuse('link_is_folder', 'google_drive', 'This Google Drive link names a folder, not one file.');
  }
  let id: string | null = null;
  let alreadyDownloads = false;
  if (url.hostname === 'drive.google.com') {
    const fromPath = /^\/file\/d\/([^/]+)(\/(view|edit|preview)?)?$/.exec(path)?.[1];
    if (fromPath) id = fromPath;
    else if (path === '/open' || path === '/uc') {
      id = url.searchParams.get('id');
      alreadyDownloads = path === '/uc' && url.searchParams.get('export') === 'download';
    }
  }
  if (!id || !DRIVE_ID.test(id)) {
    throw refuse('link_not_supported', 'google_drive', 'This form of Google Drive link is not supported.');
  }
  return {
    kind: 'share_link',
    provider: 'google_drive',
    downloadUrl: withOrigin(origins.googleDrive, `/uc?export=download&id=${encodeURIComponent(id)}`),
    needsConversion: !alreadyDownloads,
  };
}

function oneDrive(url: URL, origins: ShareLinkOrigins): ShareLinkResolution {
  if (ONEDRIVE_SHORT_HOSTS.has(url.hostname)) {
    if (/^\/f\//.test(url.pathname)) {
      throw refuse('link_is_folder', 'onedrive', 'This OneDrive link names a folder, not one file.');
    }
    if (!/^\/[a-z]\/(s!|c\/)/.test(url.pathname) && !/^\/[A-Za-z0-9!_-]{6,}$/.test(url.pathname)) {
      throw refuse('link_not_supported', 'onedrive', 'This form of OneDrive link is not supported.');
    }
    // OneDrive's shares API: "u!" plus the sharing URL in unpadded base64url downloads the item.
    const token = `u!${Buffer.from(url.toString()).toString('base64url')}`;
    return {
      kind: 'share_link',
      provider: 'onedrive',
      downloadUrl: withOrigin(origins.onedriveApi, `/v1.0/shares/${token}/root/content`),
      needsConversion: true,
    };
  }
  const path = url.pathname.replace(/\/+$/, '');
  const hasItem = url.searchParams.has('resid') || url.searchParams.has('id');
  if (!hasItem)
    throw refuse('link_not_supported', 'onedrive', 'This form of OneDrive link is not supported.');
  if (path === '' && !url.searchParams.has('resid')) {
    throw refuse('link_is_folder', 'onedrive', 'This OneDrive link opens a folder view, not one file.');
  }
  if (!['/download', '/redir', '/embed', ''].includes(path)) {
    throw refuse('link_not_supported', 'onedrive', 'This form of OneDrive link is not supported.');
  }
  return {
    kind: 'share_link',
    provider: 'onedrive',
    downloadUrl: withOrigin(origins.onedriveLive, `/download?${url.searchParams.toString()}`),
    needsConversion: path !== '/download',
  };
}

/** Recognises a provider's share link, or `direct` for any other URL. */
export function resolveShareLink(
  url: URL,
  origins: ShareLinkOrigins = PROVIDER_ORIGINS,
): ShareLinkResolution {
  const host = url.hostname.toLowerCase();
  if (DROPBOX_HOSTS.has(host)) return dropbox(url, origins);
  if (DRIVE_HOSTS.has(host)) return googleDrive(url, origins);
  if (ONEDRIVE_SHORT_HOSTS.has(host) || ONEDRIVE_LIVE_HOSTS.has(host)) return oneDrive(url, origins);
  return { kind: 'direct' };
}

/** The provider's answer to a check, as the share-link refusal it means ("Share links"). */
export function providerRefusal(provider: ShareProvider, status: number): Error | null {
  const extra = { provider };
  if (status === 401 || status === 403) {
    return apiError('link_not_public', 'The shared file is not public.', { extra });
  }
  if (status === 404 || status === 410) {
    return apiError('link_not_found', 'The provider does not know the shared file.', { extra });
  }
  if (status === 429) {
    return apiError('link_temporarily_blocked', 'The provider is blocking downloads of the file for now.', {
      extra,
    });
  }
  return null;
}

export function notAFile(provider: ShareProvider, fileName: string | null): Error {
  return apiError('link_not_a_file', 'The share link opens a page, not a file of an accepted type.', {
    extra: fileName ? { provider, file_name: fileName } : { provider },
  });
}
