#ifndef FAVER_CPROCESS_SHIM_H
#define FAVER_CPROCESS_SHIM_H

// The few process calls Swift cannot make itself: glibc declares them only under _GNU_SOURCE,
// or they are variadic (prctl). Used by FaverPreview's ProcessIsolation.swift only.

#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <unistd.h>

// glibc 2.34 and later (Debian 12 has 2.36); declared in spawn.h under _GNU_SOURCE only.
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

/// Closes every descriptor from `from` up in the child, before it runs the program.
static inline int faver_spawn_close_from(posix_spawn_file_actions_t *actions, int from) {
  return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

/// Asks the kernel to send this process SIGKILL when the thread that started it ends.
static inline int faver_die_with_parent(void) {
  return prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
}

#endif
