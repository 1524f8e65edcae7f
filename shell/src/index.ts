// Async boundary: the federation runtime negotiates shared singletons first.
import('./bootstrap');
