// swift-tools-version: 6.2
import PackageDescription

/// Imports say what a file uses: an import is internal unless marked `public`/`package`, and a
/// member is visible only where its module is imported.
let strictImports: [SwiftSetting] = [
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

// Linux only (Glibc, /proc, flock): no `platforms:` claim for systems it does not build on.
let package = Package(
  name: "faver",
  products: [
    .executable(name: "faver", targets: ["faver"]),
    .library(name: "FaverKit", targets: ["FaverKit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    // HTTPS for `faver serve --tls-cert` (HummingbirdTLS), and SHA-256 for paired devices' secrets.
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
  ],
  targets: [
    // libexif, nothing else. Debian: `apt-get install libexif-dev` (scripts/install-deps).
    .systemLibrary(name: "CExif", pkgConfig: "libexif"),
    // zlib, for the compressed text chunks of PNGs. Debian: `zlib1g-dev` (scripts/install-deps).
    .systemLibrary(name: "CZlib", pkgConfig: "zlib"),
    // Previews: libjpeg-turbo (`libturbojpeg0-dev`), libheif (`libheif-dev`), LibRaw
    // (`libraw-dev`); each imported by one file of FaverPreview only.
    .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg"),
    .systemLibrary(name: "CHeif"),
    .systemLibrary(name: "CRaw"),
    // PNG (`libpng-dev`), WebP (`libwebp-dev`) and TIFF (`libtiff-dev`) previews.
    .systemLibrary(name: "CPNG", pkgConfig: "libpng16"),
    .systemLibrary(name: "CWebP", pkgConfig: "libwebp"),
    .systemLibrary(name: "CTIFF", pkgConfig: "libtiff-4"),
    // QR codes of the pairing link: libqrencode (`libqrencode-dev`), imported by FaverServe's
    // QRCode.swift only.
    .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode"),
    // glibc's process calls Swift cannot see (closefrom in posix_spawn, prctl), for the decode
    // worker's isolation: imported by FaverPreview's ProcessIsolation.swift only.
    .systemLibrary(name: "CProcess"),
    // Pure domain values and algorithms: no files, no database, no terminal. Public: the values
    // `FaverKit.Library` returns.
    .target(name: "FaverCore", swiftSettings: strictImports),
    // Bytes → metadata. The only target that imports CExif.
    .target(
      name: "FaverMetadata", dependencies: ["FaverCore", "CExif", "CZlib"],
      swiftSettings: [
        .enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility"),
      ]),
    // The SQLite index.
    .target(
      name: "FaverStore",
      dependencies: [
        "FaverCore", .product(name: "GRDB", package: "GRDB.swift"),
        // SQLite itself, for BatchStatement's bulk inserts (GRDB's own system-library module).
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ],
      swiftSettings: strictImports
    ),
    // The filesystem adapter (walker, folder cursor, atomic file, store lock) and the
    // walk → read → write pipeline (Indexer).
    .target(
      name: "FaverFiles",
      dependencies: [
        "FaverCore", "FaverMetadata", "FaverStore", .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictImports
    ),
    // Previews: the fastest good source of each format, decoded within limits, resized, made
    // upright, encoded as JPEG, cached in the store folder.
    .target(
      name: "FaverPreview",
      dependencies: [
        "FaverCore", "FaverMetadata", "FaverFiles", "FaverStore", "CTurboJPEG", "CHeif", "CRaw", "CPNG",
        "CWebP", "CTIFF", "CProcess",
      ],
      swiftSettings: strictImports),
    // Where faver's own files (the page, places.bin) are: SwiftPM's bundles beside the executable,
    // else the install layout's `share/faver` (scripts/install, scripts/package-deb).
    .target(name: "FaverResources", swiftSettings: strictImports),
    // Place names offline: GeoNames' populated places (places.bin, made by scripts/make-places)
    // and the nearest-place rules. The only target that reads the table.
    .target(
      name: "FaverPlaces", dependencies: ["FaverCore", "FaverResources"], resources: [.copy("places.bin")],
      swiftSettings: strictImports),
    // XMP sidecars as pure functions on bytes: merge faver's rating into a sidecar, read one back.
    .target(name: "FaverSidecars", dependencies: ["FaverCore"], swiftSettings: strictImports),
    // The one door: `Library` owns every use case; the CLI (and the web page) call it.
    .target(
      name: "FaverKit",
      dependencies: [
        "FaverCore", "FaverFiles", "FaverPlaces", "FaverPreview", "FaverSidecars", "FaverStore",
        .product(name: "Logging", package: "swift-log"), .product(name: "Crypto", package: "swift-crypto"),
      ],
      swiftSettings: strictImports
    ),
    // The web page (`faver serve`): the JSON API and the review page, through `Library` only.
    .target(
      name: "FaverServe",
      dependencies: [
        "FaverKit", "FaverResources", "CQREncode", .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdCore", package: "hummingbird"),
        .product(name: "HummingbirdTLS", package: "hummingbird"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "Logging", package: "swift-log"), .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOPosix", package: "swift-nio"),
        .product(name: "_NIOFileSystem", package: "swift-nio"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ],
      resources: [.copy("Page")],
      swiftSettings: strictImports
    ),
    // The CLI: parses, calls one `Library` method, prints. Of faver's own targets, FaverKit only,
    // and FaverServe, the web front end `faver serve` starts.
    .executableTarget(
      name: "faver",
      dependencies: [
        "FaverKit", "FaverServe",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      swiftSettings: strictImports
    ),
    // Builders shared by the test targets (EXIF blocks, JPEGs, seeded randomness).
    .target(
      name: "FaverTestSupport", dependencies: ["FaverStore", "SeededRandom"], path: "Tests/FaverTestSupport",
      swiftSettings: strictImports),
    // A seeded random generator (SplitMix64) for tests, synthetic libraries and benchmarks.
    .target(name: "SeededRandom", swiftSettings: strictImports),
    .testTarget(
      name: "FaverCoreTests", dependencies: ["FaverCore", "FaverTestSupport", "SeededRandom"],
      swiftSettings: strictImports),
    .testTarget(
      name: "FaverMetadataTests",
      dependencies: ["FaverMetadata", "FaverCore", "FaverTestSupport", "SeededRandom"],
      swiftSettings: [
        .enableUpcomingFeature("InternalImportsByDefault"), .enableUpcomingFeature("MemberImportVisibility"),
      ]),
    .testTarget(
      name: "FaverStoreTests",
      dependencies: [
        "FaverStore", "FaverCore", "FaverTestSupport", .product(name: "GRDB", package: "GRDB.swift"),
      ],
      swiftSettings: strictImports),
    .testTarget(
      name: "FaverFilesTests",
      dependencies: ["FaverFiles", "FaverCore", "FaverStore", "FaverMetadata", "FaverTestSupport"],
      swiftSettings: strictImports),
    .testTarget(
      name: "FaverKitTests",
      dependencies: [
        "FaverKit", "FaverCore", "FaverStore", "FaverFiles", "FaverPreview", "FaverTestSupport",
        "SeededRandom",
      ],
      swiftSettings: strictImports),
    .testTarget(
      name: "FaverPreviewTests",
      dependencies: ["FaverPreview", "FaverMetadata", "FaverCore", "FaverTestSupport"],
      swiftSettings: strictImports),
    .testTarget(name: "FaverResourcesTests", dependencies: ["FaverResources"], swiftSettings: strictImports),
    .testTarget(
      name: "FaverPlacesTests", dependencies: ["FaverPlaces", "FaverCore", "SeededRandom"],
      swiftSettings: strictImports),
    .testTarget(
      name: "FaverSidecarsTests",
      dependencies: ["FaverSidecars", "FaverCore", "FaverTestSupport", "SeededRandom"],
      swiftSettings: strictImports),
    .testTarget(
      name: "FaverCLITests",
      dependencies: [
        "faver", "FaverKit", "FaverStore", "FaverFiles", "FaverPreview", "FaverTestSupport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictImports),
    .testTarget(
      name: "FaverServeTests",
      dependencies: [
        "faver", "FaverServe", "FaverKit", "FaverTestSupport",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "Hummingbird", package: "hummingbird"),
        .product(name: "HummingbirdTesting", package: "hummingbird"),
        .product(name: "NIOCore", package: "swift-nio"), .product(name: "Logging", package: "swift-log"),
        .product(name: "HTTPTypes", package: "swift-http-types"),
      ],
      // The browser test's script, run by `ReviewPageBrowserTests` from the source tree.
      exclude: ["browser"],
      swiftSettings: strictImports),
    // Boundary F1 of the moment clusterer on synthetic libraries; run by scripts/moment-f1.
    .executableTarget(
      name: "moment-eval",
      dependencies: [
        "FaverCore", "SeededRandom", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictImports),
    // Clustering, review queue and manifest of 1,000,000 synthetic assets; run by
    // scripts/bench-clusters.
    .executableTarget(
      name: "cluster-bench",
      dependencies: [
        "FaverCore", "SeededRandom", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      swiftSettings: strictImports),
    // Loading the table of place names and looking places up; run by scripts/bench-places.
    .executableTarget(
      name: "places-bench", dependencies: ["FaverCore", "FaverPlaces", "SeededRandom"],
      swiftSettings: strictImports),
  ]
)
