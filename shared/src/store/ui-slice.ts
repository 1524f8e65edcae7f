import { createSlice } from '@reduxjs/toolkit';

/**
 * Page-wide UI state that remotes drive and the shell draws: the full-screen
 * loading overlay (spec section 2) is a counter so overlapping owners do not
 * hide each other's overlay.
 */
export interface UiState {
  overlayCount: number;
}

const initialState: UiState = { overlayCount: 0 };

export const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    overlayShown: (state) => {
      state.overlayCount += 1;
    },
    overlayHidden: (state) => {
      state.overlayCount = Math.max(0, state.overlayCount - 1);
    },
  },
  selectors: {
    selectOverlayVisible: (state) => state.overlayCount > 0,
  },
});

export const { overlayShown, overlayHidden } = uiSlice.actions;
export const { selectOverlayVisible } = uiSlice.selectors;
