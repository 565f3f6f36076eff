/** Shared set-up of the web app's component tests (jsdom). */
import '@testing-library/jest-dom/vitest';
import '../lib/preact-timing';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
