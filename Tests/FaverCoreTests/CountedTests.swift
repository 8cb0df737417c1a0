import FaverCore
import Testing

@Test(arguments: [
  (0, "photo", nil, "0 photos"),
  (1, "photo", nil, "1 photo"),
  (2, "photo", nil, "2 photos"),
  (1, "photo or video", "photos and videos", "1 photo or video"),
  (21, "photo or video", "photos and videos", "21 photos and videos"),
  (-1, "second", nil, "-1 seconds"),
])
func onlyOneTakesTheSingular(number: Int, singular: String, plural: String?, text: String) {
  #expect(number.counted(singular, plural: plural) == text)
}
