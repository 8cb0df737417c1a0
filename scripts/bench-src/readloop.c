/* readloop: the I/O floor. Reads a file list (one path a line) on stdin and, on one thread,
 * opens each file and reads its first 64 KiB. Prints "files N bytes B" on stderr. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
  static char buf[64 * 1024];
  char path[4096];
  long files = 0, bytes = 0;
  while (fgets(path, sizeof path, stdin)) {
    path[strcspn(path, "\n")] = 0;
    int fd = open(path, O_RDONLY);
    if (fd < 0) { perror(path); continue; }
    ssize_t n = read(fd, buf, sizeof buf);
    if (n > 0) bytes += n;
    close(fd);
    files++;
  }
  fprintf(stderr, "files %ld bytes %ld\n", files, bytes);
  return 0;
}
