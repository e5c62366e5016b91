//===- Export.h - Which symbols the ptxwarp library exports ---------------===//
//
// The shared library is built with -fvisibility=hidden and a linker version
// script, so only what is marked PTXWARP_API (the ptxwarp::api namespace) is
// visible to an embedder; the parser and its generated tables, the checker and
// the interpreter stay private and can change without breaking consumers.
//
//===----------------------------------------------------------------------===//

#ifndef PTXWARP_API_EXPORT_H
#define PTXWARP_API_EXPORT_H

#if defined(_WIN32)
#define PTXWARP_API
#else
#define PTXWARP_API __attribute__((visibility("default")))
#endif

#endif // PTXWARP_API_EXPORT_H
