// SPDX-License-Identifier: MIT

/*
 * blk_undef.h: undoes BLK and the block operations of one degree (the
 * table at the top of aegis128_body.h), for the kernels whose operations
 * differ by degree: each includes it after instance.h, before it defines
 * the next degree's. instance.h undoes D and the knobs itself.
 */
#undef BLK
#undef blk_aes_round
#undef blk_xor
#undef blk_and
#undef blk_load
#undef blk_store
#undef blk_broadcast
#undef blk_xor3
#undef blk_xor_and
#undef BLK_SPLIT_LOGIC
#undef blk_xor_xor_and
#undef blk_load_part
#undef blk_load_secret_part
#undef blk_store_part
#undef blk_keep_part
#undef blk_group
#undef blk_set_group
