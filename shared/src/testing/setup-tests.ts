import '@testing-library/jest-dom';

import { setApiBaseUrl } from '../api/runtime-config';

// Node's Request, which RTK Query builds in tests, needs an absolute URL.
setApiBaseUrl('http://localhost');

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
