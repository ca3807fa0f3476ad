export { PLATFORMS } from '@socialpub/core';
