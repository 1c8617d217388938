import v8 from 'node:v8';

/**
 * Lets the JavaScript heap grow to twice what survived the last full collection before the next one.
 *
 * Every piece of a request body is a new Buffer, memory outside the heap that V8 charges to the old
 * generation until a scavenge frees it, and a scavenge for that waits until some tens of MB of such
 * buffers have built up. Left to itself, V8 gave this server's heap (about 38 MB live, mostly code and
 * module source) only 10 to 24 MB of room, so under uploads the buffers in flight filled it and V8 ran a full
 * mark-compact of the whole heap several times a second, each freeing almost nothing; the collector's helper
 * threads then took CPU from the uploads themselves. With room equal to the live heap, 16 clients uploading for
 * 6 s made 2 or 3 full collections instead of 24 to 33, and the other threads' CPU per upload fell from 32-37 ms
 * to 22-30 ms. The heap can hold at most one live heap's worth more garbage.
 *
 * Imported first by main.ts, before the heap has grown: V8 reads the factor each time it sets a new limit.
 */
v8.setFlagsFromString('--heap-growing-percent=100');
