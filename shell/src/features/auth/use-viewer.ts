import { useLocation } from 'react-router-dom';
import { getRole, type Role } from '@panel/shared';

/**
 * The role is read from storage on every navigation: login and logout happen
 * inside remotes and storage is the contract between them and the shell.
 */
export function useRole(): Role | null {
  useLocation();
  return getRole();
}
