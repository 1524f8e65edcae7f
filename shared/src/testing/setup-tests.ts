import '@testing-library/jest-dom';
import { cleanup } from '@testing-library/react';

import { setApiBaseUrl } from '../api/runtime-config';
import { clearSession } from '../auth/session';

// Node's Request, which RTK Query builds in tests, needs an absolute URL.
setApiBaseUrl('http://localhost');

afterEach(() => {
  // Unmount first: a page still mounted would re-render on the session's
  // change event outside act(), and React would warn about it in every test.
  cleanup();
  clearSession();
  localStorage.clear();
});
