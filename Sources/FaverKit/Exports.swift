// FaverCore's values (Asset, Moment, Manifest, ReviewProgress …) are what `Library` returns:
// importing FaverKit brings them.
@_exported public import FaverCore
