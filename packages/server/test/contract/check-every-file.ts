import { installContractCheck } from './answer-recorder.js';

// A setup file runs before every test file, also when files share one module cache, so every file
// that receives answers from the server has them checked against the OpenAPI document.
installContractCheck();
