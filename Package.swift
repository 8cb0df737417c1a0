// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "faver",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "faver", targets: ["faver"]),
    .library(name: "FaverKit", targets: ["FaverKit"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    // libexif, nothing else. Debian: `apt-get install libexif-dev`.
    .systemLibrary(
      name: "CExif",
      pkgConfig: "libexif",
      providers: [.apt(["libexif-dev"])]
    ),
    // Pure domain values and algorithms: no files, no database, no terminal.
    .target(name: "FaverCore"),
    // Bytes → metadata. The only target that imports CExif.
    .target(
      name: "FaverMetadata", dependencies: ["FaverCore", "CExif"],
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
      ]
    ),
    // Use cases that tie the above together.
    .target(
      name: "FaverKit",
      dependencies: [
        "FaverCore", "FaverMetadata", "FaverStore",
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    .executableTarget(
      name: "faver",
      dependencies: [
        "FaverKit",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ]
    ),
    // Builders shared by the test targets (EXIF blocks, JPEGs, seeded randomness).
    .target(
      name: "FaverTestSupport", dependencies: ["FaverStore", "SeededRandom"], path: "Tests/FaverTestSupport"),
    // A seeded random generator (SplitMix64) for tests, synthetic libraries and benchmarks.
    .target(name: "SeededRandom"),
    .testTarget(name: "FaverCoreTests", dependencies: ["FaverCore", "FaverTestSupport"]),
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
      ]),
    .testTarget(
      name: "FaverKitTests",
      dependencies: ["FaverKit", "FaverCore", "FaverStore", "FaverMetadata", "FaverTestSupport"]),
    .testTarget(name: "FaverCLITests", dependencies: ["FaverKit", "FaverStore", "FaverTestSupport"]),
    // Boundary F1 of the moment clusterer on synthetic libraries; run by scripts/moment-f1.
    .executableTarget(
      name: "moment-eval",
      dependencies: [
        "FaverCore", "SeededRandom", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
    // Clustering, review queue and manifest of 1,000,000 synthetic assets; run by
    // scripts/bench-clusters.
    .executableTarget(
      name: "cluster-bench",
      dependencies: [
        "FaverCore", "SeededRandom", .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),
  ]
)
