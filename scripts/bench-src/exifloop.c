/* exifloop: the bare libexif baseline. Reads a file list (one path a line) on stdin and, on one
 * thread, calls exif_data_new_from_file on each and reads DateTimeOriginal, as faver must.
 * Prints "files N with-datetime M" on stderr. Build: gcc -O2 exifloop.c -lexif */
#include <libexif/exif-data.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  char path[4096], value[64];
  long files = 0, dated = 0;
  while (fgets(path, sizeof path, stdin)) {
    path[strcspn(path, "\n")] = 0;
    files++;
    ExifData *data = exif_data_new_from_file(path);
    if (!data) continue;
    ExifEntry *e = exif_content_get_entry(data->ifd[EXIF_IFD_EXIF], EXIF_TAG_DATE_TIME_ORIGINAL);
    if (e && exif_entry_get_value(e, value, sizeof value) && value[0]) dated++;
    exif_data_unref(data);
  }
  fprintf(stderr, "files %ld with-datetime %ld\n", files, dated);
  return 0;
}
