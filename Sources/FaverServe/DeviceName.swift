/// A paired device's name, from its browser's `User-Agent`: the system and the browser
/// ("iPhone Safari", "Android Chrome"), "a device" when neither is recognised. Only these fixed
/// words are kept: nothing a client sends reaches `faver devices` as it was sent.
enum DeviceName {
  static func from(userAgent: String?) -> String {
    let agent = userAgent ?? ""
    let systems = [
      ("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"), ("CrOS", "Chromebook"),
      ("Macintosh", "Mac"), ("Windows", "Windows"), ("Linux", "Linux"),
    ]
    let browsers = [
      ("Firefox/", "Firefox"), ("FxiOS/", "Firefox"), ("EdgA/", "Edge"), ("Edg/", "Edge"),
      ("SamsungBrowser/", "Samsung Internet"), ("CriOS/", "Chrome"), ("Chrome/", "Chrome"),
      ("Safari/", "Safari"), ("curl/", "curl"),
    ]
    let system = systems.first { agent.contains($0.0) }?.1
    let browser = browsers.first { agent.contains($0.0) }?.1
    let words = [system, browser].compactMap { $0 }
    return words.isEmpty ? "a device" : words.joined(separator: " ")
  }
}
