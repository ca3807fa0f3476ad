#!/usr/bin/env node
// Committed launcher so `npm ci` links the command on a fresh clone; the code is the built dist/bin.js.
import '../dist/bin.js';
