    .text
    .p2align 5
    .globl montvec_adx_sqr2
    .hidden montvec_adx_sqr2
    .type montvec_adx_sqr2, @function
montvec_adx_sqr2:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $168, %rsp
    movq %rdi, 128(%rsp)
    movq %rdx, 136(%rsp)
    movq %rcx, 144(%rsp)
    movq %r8, 152(%rsp)
    movq %r9, 160(%rsp)
    .p2align 4
.Lmontvec_adx_sqr2_again:
    xorl %ebp, %ebp
    movq 0(%rsi), %rdx
    mulxq 8(%rsi), %r8, %r9
    movq %r8, 8(%rsp)
    movq %r9, 16(%rsp)
    movq %rbp, 0(%rsp)
    movq %rbp, 24(%rsp)
    movl $63, %ebp
    xorl %ecx, %ecx
    xorl %eax, %eax
    movq 0(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 0(%rsp), %rdi
    shrxq %rbp, %rcx, %r8
    leaq (%r8,%rdi,2), %r8
    adcxq %rax, %r8
    movq %rdi, %rcx
    movq 8(%rsp), %rdi
    shrxq %rbp, %rcx, %r9
    leaq (%r9,%rdi,2), %r9
    adcxq %rbx, %r9
    movq %rdi, %rcx
    movq 8(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 16(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 16(%rsp)
    movq 24(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 24(%rsp)
    xorl %ebp, %ebp
    movq 136(%rsp), %rsi
    movq %r8, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r9, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 8(%rsi), %rax, %r8
    adcxq %rax, %r9
    adoxq %rbp, %r8
    adcxq %rbp, %r8
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    addq 16(%rsp), %r8
    adcq 24(%rsp), %r9
    movq %rbp, %rax
    adcq %rbp, %rax
    movq 128(%rsp), %rdx
    movq %r8, 0(%rdx)
    movq %r9, 8(%rdx)
    subq 0(%rsi), %r8
    sbbq 8(%rsi), %r9
    sbbq %rbp, %rax
    cmovcq 0(%rdx), %r8
    movq %r8, 0(%rdx)
    cmovcq 8(%rdx), %r9
    movq %r9, 8(%rdx)
    movq 128(%rsp), %rsi
    decq 160(%rsp)
    jnz .Lmontvec_adx_sqr2_again
    addq $168, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_sqr2, .-montvec_adx_sqr2
    .p2align 5
    .globl montvec_adx_mul2
    .hidden montvec_adx_mul2
    .type montvec_adx_mul2, @function
montvec_adx_mul2:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $168, %rsp
    movq %rdi, 128(%rsp)
    movq %rcx, 136(%rsp)
    movq %r8, 144(%rsp)
    movq %r9, 152(%rsp)
    movq %rdx, %rdi
    xorl %ebp, %ebp
    movq 0(%rdi), %rdx
    mulxq 0(%rsi), %rax, %r9
    movq %rax, 0(%rsp)
    mulxq 8(%rsi), %rax, %r8
    addq %rax, %r9
    adcq %rbp, %r8
    movq 8(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    movq %r9, 8(%rsp)
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq %r8, 16(%rsp)
    movq %r9, 24(%rsp)
    movq 0(%rsp), %r8
    movq 8(%rsp), %r9
    movq 136(%rsp), %rsi
    movq %r8, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r9, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 8(%rsi), %rax, %r8
    adcxq %rax, %r9
    adoxq %rbp, %r8
    adcxq %rbp, %r8
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    addq 16(%rsp), %r8
    adcq 24(%rsp), %r9
    movq %rbp, %rax
    adcq %rbp, %rax
    movq 128(%rsp), %rdx
    movq %r8, 0(%rdx)
    movq %r9, 8(%rdx)
    subq 0(%rsi), %r8
    sbbq 8(%rsi), %r9
    sbbq %rbp, %rax
    cmovcq 0(%rdx), %r8
    movq %r8, 0(%rdx)
    cmovcq 8(%rdx), %r9
    movq %r9, 8(%rdx)
    addq $168, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_mul2, .-montvec_adx_mul2
    .p2align 5
    .globl montvec_adx_sqr3
    .hidden montvec_adx_sqr3
    .type montvec_adx_sqr3, @function
montvec_adx_sqr3:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $168, %rsp
    movq %rdi, 128(%rsp)
    movq %rdx, 136(%rsp)
    movq %rcx, 144(%rsp)
    movq %r8, 152(%rsp)
    movq %r9, 160(%rsp)
    .p2align 4
.Lmontvec_adx_sqr3_again:
    xorl %ebp, %ebp
    movq 0(%rsi), %rdx
    mulxq 8(%rsi), %r8, %r9
    mulxq 16(%rsi), %rax, %r10
    addq %rax, %r9
    adcq %rbp, %r10
    movq %r8, 8(%rsp)
    movq %r9, 16(%rsp)
    xorl %r11d, %r11d
    movq 8(%rsi), %rdx
    xorl %eax, %eax
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    adcxq %rbp, %r11
    movq %r10, 24(%rsp)
    movq %r11, 32(%rsp)
    movq %rbp, 0(%rsp)
    movq %rbp, 40(%rsp)
    movl $63, %ebp
    xorl %ecx, %ecx
    xorl %eax, %eax
    movq 0(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 0(%rsp), %rdi
    shrxq %rbp, %rcx, %r8
    leaq (%r8,%rdi,2), %r8
    adcxq %rax, %r8
    movq %rdi, %rcx
    movq 8(%rsp), %rdi
    shrxq %rbp, %rcx, %r9
    leaq (%r9,%rdi,2), %r9
    adcxq %rbx, %r9
    movq %rdi, %rcx
    movq 8(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 16(%rsp), %rdi
    shrxq %rbp, %rcx, %r10
    leaq (%r10,%rdi,2), %r10
    adcxq %rax, %r10
    movq %rdi, %rcx
    movq 24(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 24(%rsp)
    movq 16(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 32(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 32(%rsp)
    movq 40(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 40(%rsp)
    xorl %ebp, %ebp
    movq 136(%rsp), %rsi
    movq %r8, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r9, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 16(%rsi), %rax, %r8
    adcxq %rax, %r10
    adoxq %rbp, %r8
    adcxq %rbp, %r8
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq %r10, %rdx
    imulq 144(%rsp), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    addq 24(%rsp), %r8
    adcq 32(%rsp), %r9
    adcq 40(%rsp), %r10
    movq %rbp, %rax
    adcq %rbp, %rax
    movq 128(%rsp), %rdx
    movq %r8, 0(%rdx)
    movq %r9, 8(%rdx)
    movq %r10, 16(%rdx)
    subq 0(%rsi), %r8
    sbbq 8(%rsi), %r9
    sbbq 16(%rsi), %r10
    sbbq %rbp, %rax
    cmovcq 0(%rdx), %r8
    movq %r8, 0(%rdx)
    cmovcq 8(%rdx), %r9
    movq %r9, 8(%rdx)
    cmovcq 16(%rdx), %r10
    movq %r10, 16(%rdx)
    movq 128(%rsp), %rsi
    decq 160(%rsp)
    jnz .Lmontvec_adx_sqr3_again
    addq $168, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_sqr3, .-montvec_adx_sqr3
    .p2align 5
    .globl montvec_adx_mul3
    .hidden montvec_adx_mul3
    .type montvec_adx_mul3, @function
montvec_adx_mul3:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $168, %rsp
    movq %rdi, 128(%rsp)
    movq %rcx, 136(%rsp)
    movq %r8, 144(%rsp)
    movq %r9, 152(%rsp)
    movq %rdx, %rdi
    xorl %ebp, %ebp
    movq 0(%rdi), %rdx
    mulxq 0(%rsi), %rax, %r9
    movq %rax, 0(%rsp)
    mulxq 8(%rsi), %rax, %r10
    addq %rax, %r9
    mulxq 16(%rsi), %rax, %r8
    adcq %rax, %r10
    adcq %rbp, %r8
    movq 8(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    movq %r9, 8(%rsp)
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq 16(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    movq %r10, 16(%rsp)
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq %r8, 24(%rsp)
    movq %r9, 32(%rsp)
    movq %r10, 40(%rsp)
    movq 0(%rsp), %r8
    movq 8(%rsp), %r9
    movq 16(%rsp), %r10
    movq 136(%rsp), %rsi
    movq %r8, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r9, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 16(%rsi), %rax, %r8
    adcxq %rax, %r10
    adoxq %rbp, %r8
    adcxq %rbp, %r8
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq %r10, %rdx
    imulq 144(%rsp), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    addq 24(%rsp), %r8
    adcq 32(%rsp), %r9
    adcq 40(%rsp), %r10
    movq %rbp, %rax
    adcq %rbp, %rax
    movq 128(%rsp), %rdx
    movq %r8, 0(%rdx)
    movq %r9, 8(%rdx)
    movq %r10, 16(%rdx)
    subq 0(%rsi), %r8
    sbbq 8(%rsi), %r9
    sbbq 16(%rsi), %r10
    sbbq %rbp, %rax
    cmovcq 0(%rdx), %r8
    movq %r8, 0(%rdx)
    cmovcq 8(%rdx), %r9
    movq %r9, 8(%rdx)
    cmovcq 16(%rdx), %r10
    movq %r10, 16(%rdx)
    addq $168, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_mul3, .-montvec_adx_mul3
    .p2align 5
    .globl montvec_adx_sqr4
    .hidden montvec_adx_sqr4
    .type montvec_adx_sqr4, @function
montvec_adx_sqr4:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $168, %rsp
    movq %rdi, 128(%rsp)
    movq %rdx, 136(%rsp)
    movq %rcx, 144(%rsp)
    movq %r8, 152(%rsp)
    movq %r9, 160(%rsp)
    .p2align 4
.Lmontvec_adx_sqr4_again:
    xorl %ebp, %ebp
    movq 0(%rsi), %rdx
    mulxq 8(%rsi), %r8, %r9
    mulxq 16(%rsi), %rax, %r10
    addq %rax, %r9
    mulxq 24(%rsi), %rax, %r11
    adcq %rax, %r10
    adcq %rbp, %r11
    movq %r8, 8(%rsp)
    movq %r9, 16(%rsp)
    xorl %r12d, %r12d
    movq 8(%rsi), %rdx
    xorl %eax, %eax
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    adcxq %rbp, %r12
    movq %r10, 24(%rsp)
    movq %r11, 32(%rsp)
    xorl %r13d, %r13d
    movq 16(%rsi), %rdx
    xorl %eax, %eax
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    adcxq %rbp, %r13
    movq %r12, 40(%rsp)
    movq %r13, 48(%rsp)
    movq %rbp, 0(%rsp)
    movq %rbp, 56(%rsp)
    movl $63, %ebp
    xorl %ecx, %ecx
    xorl %eax, %eax
    movq 0(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 0(%rsp), %rdi
    shrxq %rbp, %rcx, %r8
    leaq (%r8,%rdi,2), %r8
    adcxq %rax, %r8
    movq %rdi, %rcx
    movq 8(%rsp), %rdi
    shrxq %rbp, %rcx, %r9
    leaq (%r9,%rdi,2), %r9
    adcxq %rbx, %r9
    movq %rdi, %rcx
    movq 8(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 16(%rsp), %rdi
    shrxq %rbp, %rcx, %r10
    leaq (%r10,%rdi,2), %r10
    adcxq %rax, %r10
    movq %rdi, %rcx
    movq 24(%rsp), %rdi
    shrxq %rbp, %rcx, %r11
    leaq (%r11,%rdi,2), %r11
    adcxq %rbx, %r11
    movq %rdi, %rcx
    movq 16(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 32(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 32(%rsp)
    movq 40(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 40(%rsp)
    movq 24(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 48(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 48(%rsp)
    movq 56(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 56(%rsp)
    xorl %ebp, %ebp
    movq 136(%rsp), %rsi
    movq %r8, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r9, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 24(%rsi), %rax, %r8
    adcxq %rax, %r11
    adoxq %rbp, %r8
    adcxq %rbp, %r8
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r8
    mulxq 24(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq %r10, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r11, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 24(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 24(%rsi), %rax, %r11
    adcxq %rax, %r10
    adoxq %rbp, %r11
    adcxq %rbp, %r11
    addq 32(%rsp), %r8
    adcq 40(%rsp), %r9
    adcq 48(%rsp), %r10
    adcq 56(%rsp), %r11
    movq %rbp, %rax
    adcq %rbp, %rax
    movq 128(%rsp), %rdx
    movq %r8, 0(%rdx)
    movq %r9, 8(%rdx)
    movq %r10, 16(%rdx)
    movq %r11, 24(%rdx)
    subq 0(%rsi), %r8
    sbbq 8(%rsi), %r9
    sbbq 16(%rsi), %r10
    sbbq 24(%rsi), %r11
    sbbq %rbp, %rax
    cmovcq 0(%rdx), %r8
    movq %r8, 0(%rdx)
    cmovcq 8(%rdx), %r9
    movq %r9, 8(%rdx)
    cmovcq 16(%rdx), %r10
    movq %r10, 16(%rdx)
    cmovcq 24(%rdx), %r11
    movq %r11, 24(%rdx)
    movq 128(%rsp), %rsi
    decq 160(%rsp)
    jnz .Lmontvec_adx_sqr4_again
    addq $168, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_sqr4, .-montvec_adx_sqr4
    .p2align 5
    .globl montvec_adx_mul4
    .hidden montvec_adx_mul4
    .type montvec_adx_mul4, @function
montvec_adx_mul4:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $168, %rsp
    movq %rdi, 128(%rsp)
    movq %rcx, 136(%rsp)
    movq %r8, 144(%rsp)
    movq %r9, 152(%rsp)
    movq %rdx, %rdi
    xorl %ebp, %ebp
    movq 0(%rdi), %rdx
    mulxq 0(%rsi), %rax, %r9
    movq %rax, 0(%rsp)
    mulxq 8(%rsi), %rax, %r10
    addq %rax, %r9
    mulxq 16(%rsi), %rax, %r11
    adcq %rax, %r10
    mulxq 24(%rsi), %rax, %r8
    adcq %rax, %r11
    adcq %rbp, %r8
    movq 8(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    movq %r9, 8(%rsp)
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r8
    mulxq 24(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq 16(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    movq %r10, 16(%rsp)
    adoxq %rbx, %r11
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 24(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq 24(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r11
    movq %r11, 24(%rsp)
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 24(%rsi), %rax, %r11
    adcxq %rax, %r10
    adoxq %rbp, %r11
    adcxq %rbp, %r11
    movq %r8, 32(%rsp)
    movq %r9, 40(%rsp)
    movq %r10, 48(%rsp)
    movq %r11, 56(%rsp)
    movq 0(%rsp), %r8
    movq 8(%rsp), %r9
    movq 16(%rsp), %r10
    movq 24(%rsp), %r11
    movq 136(%rsp), %rsi
    movq %r8, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r9, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 24(%rsi), %rax, %r8
    adcxq %rax, %r11
    adoxq %rbp, %r8
    adcxq %rbp, %r8
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r8
    mulxq 24(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq %r10, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r11, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 24(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 24(%rsi), %rax, %r11
    adcxq %rax, %r10
    adoxq %rbp, %r11
    adcxq %rbp, %r11
    addq 32(%rsp), %r8
    adcq 40(%rsp), %r9
    adcq 48(%rsp), %r10
    adcq 56(%rsp), %r11
    movq %rbp, %rax
    adcq %rbp, %rax
    movq 128(%rsp), %rdx
    movq %r8, 0(%rdx)
    movq %r9, 8(%rdx)
    movq %r10, 16(%rdx)
    movq %r11, 24(%rdx)
    subq 0(%rsi), %r8
    sbbq 8(%rsi), %r9
    sbbq 16(%rsi), %r10
    sbbq 24(%rsi), %r11
    sbbq %rbp, %rax
    cmovcq 0(%rdx), %r8
    movq %r8, 0(%rdx)
    cmovcq 8(%rdx), %r9
    movq %r9, 8(%rdx)
    cmovcq 16(%rdx), %r10
    movq %r10, 16(%rdx)
    cmovcq 24(%rdx), %r11
    movq %r11, 24(%rdx)
    addq $168, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_mul4, .-montvec_adx_mul4
    .p2align 5
    .globl montvec_adx_sqr5
    .hidden montvec_adx_sqr5
    .type montvec_adx_sqr5, @function
montvec_adx_sqr5:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $168, %rsp
    movq %rdi, 128(%rsp)
    movq %rdx, 136(%rsp)
    movq %rcx, 144(%rsp)
    movq %r8, 152(%rsp)
    movq %r9, 160(%rsp)
    .p2align 4
.Lmontvec_adx_sqr5_again:
    xorl %ebp, %ebp
    movq 0(%rsi), %rdx
    mulxq 8(%rsi), %r8, %r9
    mulxq 16(%rsi), %rax, %r10
    addq %rax, %r9
    mulxq 24(%rsi), %rax, %r11
    adcq %rax, %r10
    mulxq 32(%rsi), %rax, %r12
    adcq %rax, %r11
    adcq %rbp, %r12
    movq %r8, 8(%rsp)
    movq %r9, 16(%rsp)
    xorl %r13d, %r13d
    movq 8(%rsi), %rdx
    xorl %eax, %eax
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    adcxq %rbp, %r13
    movq %r10, 24(%rsp)
    movq %r11, 32(%rsp)
    xorl %r14d, %r14d
    movq 16(%rsi), %rdx
    xorl %eax, %eax
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    adcxq %rbp, %r14
    movq %r12, 40(%rsp)
    movq %r13, 48(%rsp)
    xorl %r15d, %r15d
    movq 24(%rsi), %rdx
    xorl %eax, %eax
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    adcxq %rbp, %r15
    movq %r14, 56(%rsp)
    movq %r15, 64(%rsp)
    movq %rbp, 0(%rsp)
    movq %rbp, 72(%rsp)
    movl $63, %ebp
    xorl %ecx, %ecx
    xorl %eax, %eax
    movq 0(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 0(%rsp), %rdi
    shrxq %rbp, %rcx, %r8
    leaq (%r8,%rdi,2), %r8
    adcxq %rax, %r8
    movq %rdi, %rcx
    movq 8(%rsp), %rdi
    shrxq %rbp, %rcx, %r9
    leaq (%r9,%rdi,2), %r9
    adcxq %rbx, %r9
    movq %rdi, %rcx
    movq 8(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 16(%rsp), %rdi
    shrxq %rbp, %rcx, %r10
    leaq (%r10,%rdi,2), %r10
    adcxq %rax, %r10
    movq %rdi, %rcx
    movq 24(%rsp), %rdi
    shrxq %rbp, %rcx, %r11
    leaq (%r11,%rdi,2), %r11
    adcxq %rbx, %r11
    movq %rdi, %rcx
    movq 16(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 32(%rsp), %rdi
    shrxq %rbp, %rcx, %r12
    leaq (%r12,%rdi,2), %r12
    adcxq %rax, %r12
    movq %rdi, %rcx
    movq 40(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 40(%rsp)
    movq 24(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 48(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 48(%rsp)
    movq 56(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 56(%rsp)
    movq 32(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 64(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 64(%rsp)
    movq 72(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 72(%rsp)
    xorl %ebp, %ebp
    movq 136(%rsp), %rsi
    movq %r8, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r9, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 32(%rsi), %rax, %r8
    adcxq %rax, %r12
    adoxq %rbp, %r8
    adcxq %rbp, %r8
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r8
    mulxq 32(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq %r10, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r11, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r8
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 32(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 32(%rsi), %rax, %r11
    adcxq %rax, %r10
    adoxq %rbp, %r11
    adcxq %rbp, %r11
    movq %r12, %rdx
    imulq 144(%rsp), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 32(%rsi), %rax, %r12
    adcxq %rax, %r11
    adoxq %rbp, %r12
    adcxq %rbp, %r12
    addq 40(%rsp), %r8
    adcq 48(%rsp), %r9
    adcq 56(%rsp), %r10
    adcq 64(%rsp), %r11
    adcq 72(%rsp), %r12
    movq %rbp, %rax
    adcq %rbp, %rax
    movq 128(%rsp), %rdx
    movq %r8, 0(%rdx)
    movq %r9, 8(%rdx)
    movq %r10, 16(%rdx)
    movq %r11, 24(%rdx)
    movq %r12, 32(%rdx)
    subq 0(%rsi), %r8
    sbbq 8(%rsi), %r9
    sbbq 16(%rsi), %r10
    sbbq 24(%rsi), %r11
    sbbq 32(%rsi), %r12
    sbbq %rbp, %rax
    cmovcq 0(%rdx), %r8
    movq %r8, 0(%rdx)
    cmovcq 8(%rdx), %r9
    movq %r9, 8(%rdx)
    cmovcq 16(%rdx), %r10
    movq %r10, 16(%rdx)
    cmovcq 24(%rdx), %r11
    movq %r11, 24(%rdx)
    cmovcq 32(%rdx), %r12
    movq %r12, 32(%rdx)
    movq 128(%rsp), %rsi
    decq 160(%rsp)
    jnz .Lmontvec_adx_sqr5_again
    addq $168, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_sqr5, .-montvec_adx_sqr5
    .p2align 5
    .globl montvec_adx_mul5
    .hidden montvec_adx_mul5
    .type montvec_adx_mul5, @function
montvec_adx_mul5:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $168, %rsp
    movq %rdi, 128(%rsp)
    movq %rcx, 136(%rsp)
    movq %r8, 144(%rsp)
    movq %r9, 152(%rsp)
    movq %rdx, %rdi
    xorl %ebp, %ebp
    movq 0(%rdi), %rdx
    mulxq 0(%rsi), %rax, %r9
    movq %rax, 0(%rsp)
    mulxq 8(%rsi), %rax, %r10
    addq %rax, %r9
    mulxq 16(%rsi), %rax, %r11
    adcq %rax, %r10
    mulxq 24(%rsi), %rax, %r12
    adcq %rax, %r11
    mulxq 32(%rsi), %rax, %r8
    adcq %rax, %r12
    adcq %rbp, %r8
    movq 8(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    movq %r9, 8(%rsp)
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r8
    mulxq 32(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq 16(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    movq %r10, 16(%rsp)
    adoxq %rbx, %r11
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r8
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 32(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq 24(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r11
    movq %r11, 24(%rsp)
    adoxq %rbx, %r12
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 32(%rsi), %rax, %r11
    adcxq %rax, %r10
    adoxq %rbp, %r11
    adcxq %rbp, %r11
    movq 32(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r12
    movq %r12, 32(%rsp)
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 32(%rsi), %rax, %r12
    adcxq %rax, %r11
    adoxq %rbp, %r12
    adcxq %rbp, %r12
    movq %r8, 40(%rsp)
    movq %r9, 48(%rsp)
    movq %r10, 56(%rsp)
    movq %r11, 64(%rsp)
    movq %r12, 72(%rsp)
    movq 0(%rsp), %r8
    movq 8(%rsp), %r9
    movq 16(%rsp), %r10
    movq 24(%rsp), %r11
    movq 32(%rsp), %r12
    movq 136(%rsp), %rsi
    movq %r8, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r9, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 32(%rsi), %rax, %r8
    adcxq %rax, %r12
    adoxq %rbp, %r8
    adcxq %rbp, %r8
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r8
    mulxq 32(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq %r10, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r11, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r8
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 32(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 32(%rsi), %rax, %r11
    adcxq %rax, %r10
    adoxq %rbp, %r11
    adcxq %rbp, %r11
    movq %r12, %rdx
    imulq 144(%rsp), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 32(%rsi), %rax, %r12
    adcxq %rax, %r11
    adoxq %rbp, %r12
    adcxq %rbp, %r12
    addq 40(%rsp), %r8
    adcq 48(%rsp), %r9
    adcq 56(%rsp), %r10
    adcq 64(%rsp), %r11
    adcq 72(%rsp), %r12
    movq %rbp, %rax
    adcq %rbp, %rax
    movq 128(%rsp), %rdx
    movq %r8, 0(%rdx)
    movq %r9, 8(%rdx)
    movq %r10, 16(%rdx)
    movq %r11, 24(%rdx)
    movq %r12, 32(%rdx)
    subq 0(%rsi), %r8
    sbbq 8(%rsi), %r9
    sbbq 16(%rsi), %r10
    sbbq 24(%rsi), %r11
    sbbq 32(%rsi), %r12
    sbbq %rbp, %rax
    cmovcq 0(%rdx), %r8
    movq %r8, 0(%rdx)
    cmovcq 8(%rdx), %r9
    movq %r9, 8(%rdx)
    cmovcq 16(%rdx), %r10
    movq %r10, 16(%rdx)
    cmovcq 24(%rdx), %r11
    movq %r11, 24(%rdx)
    cmovcq 32(%rdx), %r12
    movq %r12, 32(%rdx)
    addq $168, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_mul5, .-montvec_adx_mul5
    .p2align 5
    .globl montvec_adx_sqr6
    .hidden montvec_adx_sqr6
    .type montvec_adx_sqr6, @function
montvec_adx_sqr6:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $168, %rsp
    movq %rdi, 128(%rsp)
    movq %rdx, 136(%rsp)
    movq %rcx, 144(%rsp)
    movq %r8, 152(%rsp)
    movq %r9, 160(%rsp)
    .p2align 4
.Lmontvec_adx_sqr6_again:
    xorl %ebp, %ebp
    movq 0(%rsi), %rdx
    mulxq 8(%rsi), %r8, %r9
    mulxq 16(%rsi), %rax, %r10
    addq %rax, %r9
    mulxq 24(%rsi), %rax, %r11
    adcq %rax, %r10
    mulxq 32(%rsi), %rax, %r12
    adcq %rax, %r11
    mulxq 40(%rsi), %rax, %r13
    adcq %rax, %r12
    adcq %rbp, %r13
    movq %r8, 8(%rsp)
    movq %r9, 16(%rsp)
    xorl %r14d, %r14d
    movq 8(%rsi), %rdx
    xorl %eax, %eax
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    adcxq %rbp, %r14
    movq %r10, 24(%rsp)
    movq %r11, 32(%rsp)
    xorl %r15d, %r15d
    movq 16(%rsi), %rdx
    xorl %eax, %eax
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    adcxq %rbp, %r15
    movq %r12, 40(%rsp)
    movq %r13, 48(%rsp)
    xorl %ecx, %ecx
    movq 24(%rsi), %rdx
    xorl %eax, %eax
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %rcx
    adcxq %rbp, %rcx
    movq %r14, 56(%rsp)
    movq %r15, 64(%rsp)
    xorl %edi, %edi
    movq 32(%rsi), %rdx
    xorl %eax, %eax
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %rcx
    adoxq %rbx, %rdi
    adcxq %rbp, %rdi
    movq %rcx, 72(%rsp)
    movq %rdi, 80(%rsp)
    movq %rbp, 0(%rsp)
    movq %rbp, 88(%rsp)
    movl $63, %ebp
    xorl %ecx, %ecx
    xorl %eax, %eax
    movq 0(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 0(%rsp), %rdi
    shrxq %rbp, %rcx, %r8
    leaq (%r8,%rdi,2), %r8
    adcxq %rax, %r8
    movq %rdi, %rcx
    movq 8(%rsp), %rdi
    shrxq %rbp, %rcx, %r9
    leaq (%r9,%rdi,2), %r9
    adcxq %rbx, %r9
    movq %rdi, %rcx
    movq 8(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 16(%rsp), %rdi
    shrxq %rbp, %rcx, %r10
    leaq (%r10,%rdi,2), %r10
    adcxq %rax, %r10
    movq %rdi, %rcx
    movq 24(%rsp), %rdi
    shrxq %rbp, %rcx, %r11
    leaq (%r11,%rdi,2), %r11
    adcxq %rbx, %r11
    movq %rdi, %rcx
    movq 16(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 32(%rsp), %rdi
    shrxq %rbp, %rcx, %r12
    leaq (%r12,%rdi,2), %r12
    adcxq %rax, %r12
    movq %rdi, %rcx
    movq 40(%rsp), %rdi
    shrxq %rbp, %rcx, %r13
    leaq (%r13,%rdi,2), %r13
    adcxq %rbx, %r13
    movq %rdi, %rcx
    movq 24(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 48(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 48(%rsp)
    movq 56(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 56(%rsp)
    movq 32(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 64(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 64(%rsp)
    movq 72(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 72(%rsp)
    movq 40(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 80(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 80(%rsp)
    movq 88(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 88(%rsp)
    xorl %ebp, %ebp
    movq 136(%rsp), %rsi
    movq %r8, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r9, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 40(%rsi), %rax, %r8
    adcxq %rax, %r13
    adoxq %rbp, %r8
    adcxq %rbp, %r8
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r8
    mulxq 40(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq %r10, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r11, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r8
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 40(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r8
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 40(%rsi), %rax, %r11
    adcxq %rax, %r10
    adoxq %rbp, %r11
    adcxq %rbp, %r11
    movq %r12, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r13, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 40(%rsi), %rax, %r12
    adcxq %rax, %r11
    adoxq %rbp, %r12
    adcxq %rbp, %r12
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 40(%rsi), %rax, %r13
    adcxq %rax, %r12
    adoxq %rbp, %r13
    adcxq %rbp, %r13
    addq 48(%rsp), %r8
    adcq 56(%rsp), %r9
    adcq 64(%rsp), %r10
    adcq 72(%rsp), %r11
    adcq 80(%rsp), %r12
    adcq 88(%rsp), %r13
    movq %rbp, %rax
    adcq %rbp, %rax
    movq 128(%rsp), %rdx
    movq %r8, 0(%rdx)
    movq %r9, 8(%rdx)
    movq %r10, 16(%rdx)
    movq %r11, 24(%rdx)
    movq %r12, 32(%rdx)
    movq %r13, 40(%rdx)
    subq 0(%rsi), %r8
    sbbq 8(%rsi), %r9
    sbbq 16(%rsi), %r10
    sbbq 24(%rsi), %r11
    sbbq 32(%rsi), %r12
    sbbq 40(%rsi), %r13
    sbbq %rbp, %rax
    cmovcq 0(%rdx), %r8
    movq %r8, 0(%rdx)
    cmovcq 8(%rdx), %r9
    movq %r9, 8(%rdx)
    cmovcq 16(%rdx), %r10
    movq %r10, 16(%rdx)
    cmovcq 24(%rdx), %r11
    movq %r11, 24(%rdx)
    cmovcq 32(%rdx), %r12
    movq %r12, 32(%rdx)
    cmovcq 40(%rdx), %r13
    movq %r13, 40(%rdx)
    movq 128(%rsp), %rsi
    decq 160(%rsp)
    jnz .Lmontvec_adx_sqr6_again
    addq $168, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_sqr6, .-montvec_adx_sqr6
    .p2align 5
    .globl montvec_adx_mul6
    .hidden montvec_adx_mul6
    .type montvec_adx_mul6, @function
montvec_adx_mul6:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $168, %rsp
    movq %rdi, 128(%rsp)
    movq %rcx, 136(%rsp)
    movq %r8, 144(%rsp)
    movq %r9, 152(%rsp)
    movq %rdx, %rdi
    xorl %ebp, %ebp
    movq 0(%rdi), %rdx
    mulxq 0(%rsi), %rax, %r9
    movq %rax, 0(%rsp)
    mulxq 8(%rsi), %rax, %r10
    addq %rax, %r9
    mulxq 16(%rsi), %rax, %r11
    adcq %rax, %r10
    mulxq 24(%rsi), %rax, %r12
    adcq %rax, %r11
    mulxq 32(%rsi), %rax, %r13
    adcq %rax, %r12
    mulxq 40(%rsi), %rax, %r8
    adcq %rax, %r13
    adcq %rbp, %r8
    movq 8(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    movq %r9, 8(%rsp)
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r8
    mulxq 40(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq 16(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    movq %r10, 16(%rsp)
    adoxq %rbx, %r11
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r8
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 40(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq 24(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r11
    movq %r11, 24(%rsp)
    adoxq %rbx, %r12
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r8
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 40(%rsi), %rax, %r11
    adcxq %rax, %r10
    adoxq %rbp, %r11
    adcxq %rbp, %r11
    movq 32(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r12
    movq %r12, 32(%rsp)
    adoxq %rbx, %r13
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 40(%rsi), %rax, %r12
    adcxq %rax, %r11
    adoxq %rbp, %r12
    adcxq %rbp, %r12
    movq 40(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r13
    movq %r13, 40(%rsp)
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 40(%rsi), %rax, %r13
    adcxq %rax, %r12
    adoxq %rbp, %r13
    adcxq %rbp, %r13
    movq %r8, 48(%rsp)
    movq %r9, 56(%rsp)
    movq %r10, 64(%rsp)
    movq %r11, 72(%rsp)
    movq %r12, 80(%rsp)
    movq %r13, 88(%rsp)
    movq 0(%rsp), %r8
    movq 8(%rsp), %r9
    movq 16(%rsp), %r10
    movq 24(%rsp), %r11
    movq 32(%rsp), %r12
    movq 40(%rsp), %r13
    movq 136(%rsp), %rsi
    movq %r8, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r9, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 40(%rsi), %rax, %r8
    adcxq %rax, %r13
    adoxq %rbp, %r8
    adcxq %rbp, %r8
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r8
    mulxq 40(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq %r10, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r11, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r8
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 40(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r8
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 40(%rsi), %rax, %r11
    adcxq %rax, %r10
    adoxq %rbp, %r11
    adcxq %rbp, %r11
    movq %r12, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r13, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 40(%rsi), %rax, %r12
    adcxq %rax, %r11
    adoxq %rbp, %r12
    adcxq %rbp, %r12
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 40(%rsi), %rax, %r13
    adcxq %rax, %r12
    adoxq %rbp, %r13
    adcxq %rbp, %r13
    addq 48(%rsp), %r8
    adcq 56(%rsp), %r9
    adcq 64(%rsp), %r10
    adcq 72(%rsp), %r11
    adcq 80(%rsp), %r12
    adcq 88(%rsp), %r13
    movq %rbp, %rax
    adcq %rbp, %rax
    movq 128(%rsp), %rdx
    movq %r8, 0(%rdx)
    movq %r9, 8(%rdx)
    movq %r10, 16(%rdx)
    movq %r11, 24(%rdx)
    movq %r12, 32(%rdx)
    movq %r13, 40(%rdx)
    subq 0(%rsi), %r8
    sbbq 8(%rsi), %r9
    sbbq 16(%rsi), %r10
    sbbq 24(%rsi), %r11
    sbbq 32(%rsi), %r12
    sbbq 40(%rsi), %r13
    sbbq %rbp, %rax
    cmovcq 0(%rdx), %r8
    movq %r8, 0(%rdx)
    cmovcq 8(%rdx), %r9
    movq %r9, 8(%rdx)
    cmovcq 16(%rdx), %r10
    movq %r10, 16(%rdx)
    cmovcq 24(%rdx), %r11
    movq %r11, 24(%rdx)
    cmovcq 32(%rdx), %r12
    movq %r12, 32(%rdx)
    cmovcq 40(%rdx), %r13
    movq %r13, 40(%rdx)
    addq $168, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_mul6, .-montvec_adx_mul6
    .p2align 5
    .globl montvec_adx_sqr7
    .hidden montvec_adx_sqr7
    .type montvec_adx_sqr7, @function
montvec_adx_sqr7:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $168, %rsp
    movq %rdi, 128(%rsp)
    movq %rdx, 136(%rsp)
    movq %rcx, 144(%rsp)
    movq %r8, 152(%rsp)
    movq %r9, 160(%rsp)
    .p2align 4
.Lmontvec_adx_sqr7_again:
    xorl %ebp, %ebp
    movq 0(%rsi), %rdx
    mulxq 8(%rsi), %r8, %r9
    mulxq 16(%rsi), %rax, %r10
    addq %rax, %r9
    mulxq 24(%rsi), %rax, %r11
    adcq %rax, %r10
    mulxq 32(%rsi), %rax, %r12
    adcq %rax, %r11
    mulxq 40(%rsi), %rax, %r13
    adcq %rax, %r12
    mulxq 48(%rsi), %rax, %r14
    adcq %rax, %r13
    adcq %rbp, %r14
    movq %r8, 8(%rsp)
    movq %r9, 16(%rsp)
    xorl %r15d, %r15d
    movq 8(%rsi), %rdx
    xorl %eax, %eax
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    adcxq %rbp, %r15
    movq %r10, 24(%rsp)
    movq %r11, 32(%rsp)
    xorl %ecx, %ecx
    movq 16(%rsi), %rdx
    xorl %eax, %eax
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %rcx
    adcxq %rbp, %rcx
    movq %r12, 40(%rsp)
    movq %r13, 48(%rsp)
    xorl %edi, %edi
    movq 24(%rsi), %rdx
    xorl %eax, %eax
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %rcx
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %rcx
    adoxq %rbx, %rdi
    adcxq %rbp, %rdi
    movq %r14, 56(%rsp)
    movq %r15, 64(%rsp)
    xorl %r8d, %r8d
    movq 32(%rsi), %rdx
    xorl %eax, %eax
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %rcx
    adoxq %rbx, %rdi
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %rdi
    adoxq %rbx, %r8
    adcxq %rbp, %r8
    movq %rcx, 72(%rsp)
    movq %rdi, 80(%rsp)
    xorl %r9d, %r9d
    movq 40(%rsi), %rdx
    xorl %eax, %eax
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    adcxq %rbp, %r9
    movq %r8, 88(%rsp)
    movq %r9, 96(%rsp)
    movq %rbp, 0(%rsp)
    movq %rbp, 104(%rsp)
    movl $63, %ebp
    xorl %ecx, %ecx
    xorl %eax, %eax
    movq 0(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 0(%rsp), %rdi
    shrxq %rbp, %rcx, %r8
    leaq (%r8,%rdi,2), %r8
    adcxq %rax, %r8
    movq %rdi, %rcx
    movq 8(%rsp), %rdi
    shrxq %rbp, %rcx, %r9
    leaq (%r9,%rdi,2), %r9
    adcxq %rbx, %r9
    movq %rdi, %rcx
    movq 8(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 16(%rsp), %rdi
    shrxq %rbp, %rcx, %r10
    leaq (%r10,%rdi,2), %r10
    adcxq %rax, %r10
    movq %rdi, %rcx
    movq 24(%rsp), %rdi
    shrxq %rbp, %rcx, %r11
    leaq (%r11,%rdi,2), %r11
    adcxq %rbx, %r11
    movq %rdi, %rcx
    movq 16(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 32(%rsp), %rdi
    shrxq %rbp, %rcx, %r12
    leaq (%r12,%rdi,2), %r12
    adcxq %rax, %r12
    movq %rdi, %rcx
    movq 40(%rsp), %rdi
    shrxq %rbp, %rcx, %r13
    leaq (%r13,%rdi,2), %r13
    adcxq %rbx, %r13
    movq %rdi, %rcx
    movq 24(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 48(%rsp), %rdi
    shrxq %rbp, %rcx, %r14
    leaq (%r14,%rdi,2), %r14
    adcxq %rax, %r14
    movq %rdi, %rcx
    movq 56(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 56(%rsp)
    movq 32(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 64(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 64(%rsp)
    movq 72(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 72(%rsp)
    movq 40(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 80(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 80(%rsp)
    movq 88(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 88(%rsp)
    movq 48(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 96(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 96(%rsp)
    movq 104(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 104(%rsp)
    xorl %ebp, %ebp
    movq 136(%rsp), %rsi
    movq %r8, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r9, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 48(%rsi), %rax, %r8
    adcxq %rax, %r14
    adoxq %rbp, %r8
    adcxq %rbp, %r8
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 48(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq %r10, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r11, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 48(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 48(%rsi), %rax, %r11
    adcxq %rax, %r10
    adoxq %rbp, %r11
    adcxq %rbp, %r11
    movq %r12, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r13, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 48(%rsi), %rax, %r12
    adcxq %rax, %r11
    adoxq %rbp, %r12
    adcxq %rbp, %r12
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 48(%rsi), %rax, %r13
    adcxq %rax, %r12
    adoxq %rbp, %r13
    adcxq %rbp, %r13
    movq %r14, %rdx
    imulq 144(%rsp), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 48(%rsi), %rax, %r14
    adcxq %rax, %r13
    adoxq %rbp, %r14
    adcxq %rbp, %r14
    addq 56(%rsp), %r8
    adcq 64(%rsp), %r9
    adcq 72(%rsp), %r10
    adcq 80(%rsp), %r11
    adcq 88(%rsp), %r12
    adcq 96(%rsp), %r13
    adcq 104(%rsp), %r14
    movq %rbp, %rax
    adcq %rbp, %rax
    movq 128(%rsp), %rdx
    movq %r8, 0(%rdx)
    movq %r9, 8(%rdx)
    movq %r10, 16(%rdx)
    movq %r11, 24(%rdx)
    movq %r12, 32(%rdx)
    movq %r13, 40(%rdx)
    movq %r14, 48(%rdx)
    subq 0(%rsi), %r8
    sbbq 8(%rsi), %r9
    sbbq 16(%rsi), %r10
    sbbq 24(%rsi), %r11
    sbbq 32(%rsi), %r12
    sbbq 40(%rsi), %r13
    sbbq 48(%rsi), %r14
    sbbq %rbp, %rax
    cmovcq 0(%rdx), %r8
    movq %r8, 0(%rdx)
    cmovcq 8(%rdx), %r9
    movq %r9, 8(%rdx)
    cmovcq 16(%rdx), %r10
    movq %r10, 16(%rdx)
    cmovcq 24(%rdx), %r11
    movq %r11, 24(%rdx)
    cmovcq 32(%rdx), %r12
    movq %r12, 32(%rdx)
    cmovcq 40(%rdx), %r13
    movq %r13, 40(%rdx)
    cmovcq 48(%rdx), %r14
    movq %r14, 48(%rdx)
    movq 128(%rsp), %rsi
    decq 160(%rsp)
    jnz .Lmontvec_adx_sqr7_again
    addq $168, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_sqr7, .-montvec_adx_sqr7
    .p2align 5
    .globl montvec_adx_mul7
    .hidden montvec_adx_mul7
    .type montvec_adx_mul7, @function
montvec_adx_mul7:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $168, %rsp
    movq %rdi, 128(%rsp)
    movq %rcx, 136(%rsp)
    movq %r8, 144(%rsp)
    movq %r9, 152(%rsp)
    movq %rdx, %rdi
    xorl %ebp, %ebp
    movq 0(%rdi), %rdx
    mulxq 0(%rsi), %rax, %r9
    movq %rax, 0(%rsp)
    mulxq 8(%rsi), %rax, %r10
    addq %rax, %r9
    mulxq 16(%rsi), %rax, %r11
    adcq %rax, %r10
    mulxq 24(%rsi), %rax, %r12
    adcq %rax, %r11
    mulxq 32(%rsi), %rax, %r13
    adcq %rax, %r12
    mulxq 40(%rsi), %rax, %r14
    adcq %rax, %r13
    mulxq 48(%rsi), %rax, %r8
    adcq %rax, %r14
    adcq %rbp, %r8
    movq 8(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    movq %r9, 8(%rsp)
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 48(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq 16(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    movq %r10, 16(%rsp)
    adoxq %rbx, %r11
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 48(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq 24(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r11
    movq %r11, 24(%rsp)
    adoxq %rbx, %r12
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 48(%rsi), %rax, %r11
    adcxq %rax, %r10
    adoxq %rbp, %r11
    adcxq %rbp, %r11
    movq 32(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r12
    movq %r12, 32(%rsp)
    adoxq %rbx, %r13
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 48(%rsi), %rax, %r12
    adcxq %rax, %r11
    adoxq %rbp, %r12
    adcxq %rbp, %r12
    movq 40(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r13
    movq %r13, 40(%rsp)
    adoxq %rbx, %r14
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 48(%rsi), %rax, %r13
    adcxq %rax, %r12
    adoxq %rbp, %r13
    adcxq %rbp, %r13
    movq 48(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r14
    movq %r14, 48(%rsp)
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 48(%rsi), %rax, %r14
    adcxq %rax, %r13
    adoxq %rbp, %r14
    adcxq %rbp, %r14
    movq %r8, 56(%rsp)
    movq %r9, 64(%rsp)
    movq %r10, 72(%rsp)
    movq %r11, 80(%rsp)
    movq %r12, 88(%rsp)
    movq %r13, 96(%rsp)
    movq %r14, 104(%rsp)
    movq 0(%rsp), %r8
    movq 8(%rsp), %r9
    movq 16(%rsp), %r10
    movq 24(%rsp), %r11
    movq 32(%rsp), %r12
    movq 40(%rsp), %r13
    movq 48(%rsp), %r14
    movq 136(%rsp), %rsi
    movq %r8, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r9, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 48(%rsi), %rax, %r8
    adcxq %rax, %r14
    adoxq %rbp, %r8
    adcxq %rbp, %r8
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 48(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq %r10, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r11, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 48(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 48(%rsi), %rax, %r11
    adcxq %rax, %r10
    adoxq %rbp, %r11
    adcxq %rbp, %r11
    movq %r12, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r13, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 48(%rsi), %rax, %r12
    adcxq %rax, %r11
    adoxq %rbp, %r12
    adcxq %rbp, %r12
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 48(%rsi), %rax, %r13
    adcxq %rax, %r12
    adoxq %rbp, %r13
    adcxq %rbp, %r13
    movq %r14, %rdx
    imulq 144(%rsp), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 48(%rsi), %rax, %r14
    adcxq %rax, %r13
    adoxq %rbp, %r14
    adcxq %rbp, %r14
    addq 56(%rsp), %r8
    adcq 64(%rsp), %r9
    adcq 72(%rsp), %r10
    adcq 80(%rsp), %r11
    adcq 88(%rsp), %r12
    adcq 96(%rsp), %r13
    adcq 104(%rsp), %r14
    movq %rbp, %rax
    adcq %rbp, %rax
    movq 128(%rsp), %rdx
    movq %r8, 0(%rdx)
    movq %r9, 8(%rdx)
    movq %r10, 16(%rdx)
    movq %r11, 24(%rdx)
    movq %r12, 32(%rdx)
    movq %r13, 40(%rdx)
    movq %r14, 48(%rdx)
    subq 0(%rsi), %r8
    sbbq 8(%rsi), %r9
    sbbq 16(%rsi), %r10
    sbbq 24(%rsi), %r11
    sbbq 32(%rsi), %r12
    sbbq 40(%rsi), %r13
    sbbq 48(%rsi), %r14
    sbbq %rbp, %rax
    cmovcq 0(%rdx), %r8
    movq %r8, 0(%rdx)
    cmovcq 8(%rdx), %r9
    movq %r9, 8(%rdx)
    cmovcq 16(%rdx), %r10
    movq %r10, 16(%rdx)
    cmovcq 24(%rdx), %r11
    movq %r11, 24(%rdx)
    cmovcq 32(%rdx), %r12
    movq %r12, 32(%rdx)
    cmovcq 40(%rdx), %r13
    movq %r13, 40(%rdx)
    cmovcq 48(%rdx), %r14
    movq %r14, 48(%rdx)
    addq $168, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_mul7, .-montvec_adx_mul7
    .p2align 5
    .globl montvec_adx_sqr8
    .hidden montvec_adx_sqr8
    .type montvec_adx_sqr8, @function
montvec_adx_sqr8:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $168, %rsp
    movq %rdi, 128(%rsp)
    movq %rdx, 136(%rsp)
    movq %rcx, 144(%rsp)
    movq %r8, 152(%rsp)
    movq %r9, 160(%rsp)
    .p2align 4
.Lmontvec_adx_sqr8_again:
    xorl %ebp, %ebp
    movq 0(%rsi), %rdx
    mulxq 8(%rsi), %r8, %r9
    mulxq 16(%rsi), %rax, %r10
    addq %rax, %r9
    mulxq 24(%rsi), %rax, %r11
    adcq %rax, %r10
    mulxq 32(%rsi), %rax, %r12
    adcq %rax, %r11
    mulxq 40(%rsi), %rax, %r13
    adcq %rax, %r12
    mulxq 48(%rsi), %rax, %r14
    adcq %rax, %r13
    mulxq 56(%rsi), %rax, %r15
    adcq %rax, %r14
    adcq %rbp, %r15
    movq %r8, 8(%rsp)
    movq %r9, 16(%rsp)
    xorl %ecx, %ecx
    movq 8(%rsi), %rdx
    xorl %eax, %eax
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 56(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %rcx
    adcxq %rbp, %rcx
    movq %r10, 24(%rsp)
    movq %r11, 32(%rsp)
    xorl %edi, %edi
    movq 16(%rsi), %rdx
    xorl %eax, %eax
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %rcx
    mulxq 56(%rsi), %rax, %rbx
    adcxq %rax, %rcx
    adoxq %rbx, %rdi
    adcxq %rbp, %rdi
    movq %r12, 40(%rsp)
    movq %r13, 48(%rsp)
    xorl %r8d, %r8d
    movq 24(%rsi), %rdx
    xorl %eax, %eax
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %rcx
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %rcx
    adoxq %rbx, %rdi
    mulxq 56(%rsi), %rax, %rbx
    adcxq %rax, %rdi
    adoxq %rbx, %r8
    adcxq %rbp, %r8
    movq %r14, 56(%rsp)
    movq %r15, 64(%rsp)
    xorl %r9d, %r9d
    movq 32(%rsi), %rdx
    xorl %eax, %eax
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %rcx
    adoxq %rbx, %rdi
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %rdi
    adoxq %rbx, %r8
    mulxq 56(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    adcxq %rbp, %r9
    movq %rcx, 72(%rsp)
    movq %rdi, 80(%rsp)
    xorl %r10d, %r10d
    movq 40(%rsi), %rdx
    xorl %eax, %eax
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 56(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    adcxq %rbp, %r10
    movq %r8, 88(%rsp)
    movq %r9, 96(%rsp)
    xorl %r11d, %r11d
    movq 48(%rsi), %rdx
    xorl %eax, %eax
    mulxq 56(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    adcxq %rbp, %r11
    movq %r10, 104(%rsp)
    movq %r11, 112(%rsp)
    movq %rbp, 0(%rsp)
    movq %rbp, 120(%rsp)
    movl $63, %ebp
    xorl %ecx, %ecx
    xorl %eax, %eax
    movq 0(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 0(%rsp), %rdi
    shrxq %rbp, %rcx, %r8
    leaq (%r8,%rdi,2), %r8
    adcxq %rax, %r8
    movq %rdi, %rcx
    movq 8(%rsp), %rdi
    shrxq %rbp, %rcx, %r9
    leaq (%r9,%rdi,2), %r9
    adcxq %rbx, %r9
    movq %rdi, %rcx
    movq 8(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 16(%rsp), %rdi
    shrxq %rbp, %rcx, %r10
    leaq (%r10,%rdi,2), %r10
    adcxq %rax, %r10
    movq %rdi, %rcx
    movq 24(%rsp), %rdi
    shrxq %rbp, %rcx, %r11
    leaq (%r11,%rdi,2), %r11
    adcxq %rbx, %r11
    movq %rdi, %rcx
    movq 16(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 32(%rsp), %rdi
    shrxq %rbp, %rcx, %r12
    leaq (%r12,%rdi,2), %r12
    adcxq %rax, %r12
    movq %rdi, %rcx
    movq 40(%rsp), %rdi
    shrxq %rbp, %rcx, %r13
    leaq (%r13,%rdi,2), %r13
    adcxq %rbx, %r13
    movq %rdi, %rcx
    movq 24(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 48(%rsp), %rdi
    shrxq %rbp, %rcx, %r14
    leaq (%r14,%rdi,2), %r14
    adcxq %rax, %r14
    movq %rdi, %rcx
    movq 56(%rsp), %rdi
    shrxq %rbp, %rcx, %r15
    leaq (%r15,%rdi,2), %r15
    adcxq %rbx, %r15
    movq %rdi, %rcx
    movq 32(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 64(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 64(%rsp)
    movq 72(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 72(%rsp)
    movq 40(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 80(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 80(%rsp)
    movq 88(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 88(%rsp)
    movq 48(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 96(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 96(%rsp)
    movq 104(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 104(%rsp)
    movq 56(%rsi), %rdx
    mulxq %rdx, %rax, %rbx
    movq 112(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rax, %rdx
    movq %rdi, %rcx
    movq %rdx, 112(%rsp)
    movq 120(%rsp), %rdi
    shrxq %rbp, %rcx, %rdx
    leaq (%rdx,%rdi,2), %rdx
    adcxq %rbx, %rdx
    movq %rdi, %rcx
    movq %rdx, 120(%rsp)
    xorl %ebp, %ebp
    movq 136(%rsp), %rsi
    movq %r8, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r9, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 56(%rsi), %rax, %r8
    adcxq %rax, %r15
    adoxq %rbp, %r8
    adcxq %rbp, %r8
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 56(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq %r10, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r11, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 56(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 56(%rsi), %rax, %r11
    adcxq %rax, %r10
    adoxq %rbp, %r11
    adcxq %rbp, %r11
    movq %r12, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r13, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 56(%rsi), %rax, %r12
    adcxq %rax, %r11
    adoxq %rbp, %r12
    adcxq %rbp, %r12
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 56(%rsi), %rax, %r13
    adcxq %rax, %r12
    adoxq %rbp, %r13
    adcxq %rbp, %r13
    movq %r14, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r15, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 56(%rsi), %rax, %r14
    adcxq %rax, %r13
    adoxq %rbp, %r14
    adcxq %rbp, %r14
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 56(%rsi), %rax, %r15
    adcxq %rax, %r14
    adoxq %rbp, %r15
    adcxq %rbp, %r15
    addq 64(%rsp), %r8
    adcq 72(%rsp), %r9
    adcq 80(%rsp), %r10
    adcq 88(%rsp), %r11
    adcq 96(%rsp), %r12
    adcq 104(%rsp), %r13
    adcq 112(%rsp), %r14
    adcq 120(%rsp), %r15
    movq %rbp, %rax
    adcq %rbp, %rax
    movq 128(%rsp), %rdx
    movq %r8, 0(%rdx)
    movq %r9, 8(%rdx)
    movq %r10, 16(%rdx)
    movq %r11, 24(%rdx)
    movq %r12, 32(%rdx)
    movq %r13, 40(%rdx)
    movq %r14, 48(%rdx)
    movq %r15, 56(%rdx)
    subq 0(%rsi), %r8
    sbbq 8(%rsi), %r9
    sbbq 16(%rsi), %r10
    sbbq 24(%rsi), %r11
    sbbq 32(%rsi), %r12
    sbbq 40(%rsi), %r13
    sbbq 48(%rsi), %r14
    sbbq 56(%rsi), %r15
    sbbq %rbp, %rax
    cmovcq 0(%rdx), %r8
    movq %r8, 0(%rdx)
    cmovcq 8(%rdx), %r9
    movq %r9, 8(%rdx)
    cmovcq 16(%rdx), %r10
    movq %r10, 16(%rdx)
    cmovcq 24(%rdx), %r11
    movq %r11, 24(%rdx)
    cmovcq 32(%rdx), %r12
    movq %r12, 32(%rdx)
    cmovcq 40(%rdx), %r13
    movq %r13, 40(%rdx)
    cmovcq 48(%rdx), %r14
    movq %r14, 48(%rdx)
    cmovcq 56(%rdx), %r15
    movq %r15, 56(%rdx)
    movq 128(%rsp), %rsi
    decq 160(%rsp)
    jnz .Lmontvec_adx_sqr8_again
    addq $168, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_sqr8, .-montvec_adx_sqr8
    .p2align 5
    .globl montvec_adx_mul8
    .hidden montvec_adx_mul8
    .type montvec_adx_mul8, @function
montvec_adx_mul8:
    pushq %rbx
    pushq %rbp
    pushq %r12
    pushq %r13
    pushq %r14
    pushq %r15
    subq $168, %rsp
    movq %rdi, 128(%rsp)
    movq %rcx, 136(%rsp)
    movq %r8, 144(%rsp)
    movq %r9, 152(%rsp)
    movq %rdx, %rdi
    xorl %ebp, %ebp
    movq 0(%rdi), %rdx
    mulxq 0(%rsi), %rax, %r9
    movq %rax, 0(%rsp)
    mulxq 8(%rsi), %rax, %r10
    addq %rax, %r9
    mulxq 16(%rsi), %rax, %r11
    adcq %rax, %r10
    mulxq 24(%rsi), %rax, %r12
    adcq %rax, %r11
    mulxq 32(%rsi), %rax, %r13
    adcq %rax, %r12
    mulxq 40(%rsi), %rax, %r14
    adcq %rax, %r13
    mulxq 48(%rsi), %rax, %r15
    adcq %rax, %r14
    mulxq 56(%rsi), %rax, %r8
    adcq %rax, %r15
    adcq %rbp, %r8
    movq 8(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    movq %r9, 8(%rsp)
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 56(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq 16(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    movq %r10, 16(%rsp)
    adoxq %rbx, %r11
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 56(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq 24(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r11
    movq %r11, 24(%rsp)
    adoxq %rbx, %r12
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 56(%rsi), %rax, %r11
    adcxq %rax, %r10
    adoxq %rbp, %r11
    adcxq %rbp, %r11
    movq 32(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r12
    movq %r12, 32(%rsp)
    adoxq %rbx, %r13
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 56(%rsi), %rax, %r12
    adcxq %rax, %r11
    adoxq %rbp, %r12
    adcxq %rbp, %r12
    movq 40(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r13
    movq %r13, 40(%rsp)
    adoxq %rbx, %r14
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 56(%rsi), %rax, %r13
    adcxq %rax, %r12
    adoxq %rbp, %r13
    adcxq %rbp, %r13
    movq 48(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r14
    movq %r14, 48(%rsp)
    adoxq %rbx, %r15
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 56(%rsi), %rax, %r14
    adcxq %rax, %r13
    adoxq %rbp, %r14
    adcxq %rbp, %r14
    movq 56(%rdi), %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r15
    movq %r15, 56(%rsp)
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 56(%rsi), %rax, %r15
    adcxq %rax, %r14
    adoxq %rbp, %r15
    adcxq %rbp, %r15
    movq %r8, 64(%rsp)
    movq %r9, 72(%rsp)
    movq %r10, 80(%rsp)
    movq %r11, 88(%rsp)
    movq %r12, 96(%rsp)
    movq %r13, 104(%rsp)
    movq %r14, 112(%rsp)
    movq %r15, 120(%rsp)
    movq 0(%rsp), %r8
    movq 8(%rsp), %r9
    movq 16(%rsp), %r10
    movq 24(%rsp), %r11
    movq 32(%rsp), %r12
    movq 40(%rsp), %r13
    movq 48(%rsp), %r14
    movq 56(%rsp), %r15
    movq 136(%rsp), %rsi
    movq %r8, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r9, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 56(%rsi), %rax, %r8
    adcxq %rax, %r15
    adoxq %rbp, %r8
    adcxq %rbp, %r8
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 56(%rsi), %rax, %r9
    adcxq %rax, %r8
    adoxq %rbp, %r9
    adcxq %rbp, %r9
    movq %r10, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r11, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 56(%rsi), %rax, %r10
    adcxq %rax, %r9
    adoxq %rbp, %r10
    adcxq %rbp, %r10
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 56(%rsi), %rax, %r11
    adcxq %rax, %r10
    adoxq %rbp, %r11
    adcxq %rbp, %r11
    movq %r12, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r13, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 56(%rsi), %rax, %r12
    adcxq %rax, %r11
    adoxq %rbp, %r12
    adcxq %rbp, %r12
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 56(%rsi), %rax, %r13
    adcxq %rax, %r12
    adoxq %rbp, %r13
    adcxq %rbp, %r13
    movq %r14, %rdx
    mulxq 144(%rsp), %rcx, %rdi
    imulq 152(%rsp), %rdx
    addq %rdx, %rdi
    movq %r15, %rdx
    imulq 144(%rsp), %rdx
    addq %rdx, %rdi
    movq %rcx, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r14
    adoxq %rbx, %r15
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 56(%rsi), %rax, %r14
    adcxq %rax, %r13
    adoxq %rbp, %r14
    adcxq %rbp, %r14
    movq %rdi, %rdx
    xorl %eax, %eax
    mulxq 0(%rsi), %rax, %rbx
    adcxq %rax, %r15
    adoxq %rbx, %r8
    mulxq 8(%rsi), %rax, %rbx
    adcxq %rax, %r8
    adoxq %rbx, %r9
    mulxq 16(%rsi), %rax, %rbx
    adcxq %rax, %r9
    adoxq %rbx, %r10
    mulxq 24(%rsi), %rax, %rbx
    adcxq %rax, %r10
    adoxq %rbx, %r11
    mulxq 32(%rsi), %rax, %rbx
    adcxq %rax, %r11
    adoxq %rbx, %r12
    mulxq 40(%rsi), %rax, %rbx
    adcxq %rax, %r12
    adoxq %rbx, %r13
    mulxq 48(%rsi), %rax, %rbx
    adcxq %rax, %r13
    adoxq %rbx, %r14
    mulxq 56(%rsi), %rax, %r15
    adcxq %rax, %r14
    adoxq %rbp, %r15
    adcxq %rbp, %r15
    addq 64(%rsp), %r8
    adcq 72(%rsp), %r9
    adcq 80(%rsp), %r10
    adcq 88(%rsp), %r11
    adcq 96(%rsp), %r12
    adcq 104(%rsp), %r13
    adcq 112(%rsp), %r14
    adcq 120(%rsp), %r15
    movq %rbp, %rax
    adcq %rbp, %rax
    movq 128(%rsp), %rdx
    movq %r8, 0(%rdx)
    movq %r9, 8(%rdx)
    movq %r10, 16(%rdx)
    movq %r11, 24(%rdx)
    movq %r12, 32(%rdx)
    movq %r13, 40(%rdx)
    movq %r14, 48(%rdx)
    movq %r15, 56(%rdx)
    subq 0(%rsi), %r8
    sbbq 8(%rsi), %r9
    sbbq 16(%rsi), %r10
    sbbq 24(%rsi), %r11
    sbbq 32(%rsi), %r12
    sbbq 40(%rsi), %r13
    sbbq 48(%rsi), %r14
    sbbq 56(%rsi), %r15
    sbbq %rbp, %rax
    cmovcq 0(%rdx), %r8
    movq %r8, 0(%rdx)
    cmovcq 8(%rdx), %r9
    movq %r9, 8(%rdx)
    cmovcq 16(%rdx), %r10
    movq %r10, 16(%rdx)
    cmovcq 24(%rdx), %r11
    movq %r11, 24(%rdx)
    cmovcq 32(%rdx), %r12
    movq %r12, 32(%rdx)
    cmovcq 40(%rdx), %r13
    movq %r13, 40(%rdx)
    cmovcq 48(%rdx), %r14
    movq %r14, 48(%rdx)
    cmovcq 56(%rdx), %r15
    movq %r15, 56(%rdx)
    addq $168, %rsp
    popq %r15
    popq %r14
    popq %r13
    popq %r12
    popq %rbp
    popq %rbx
    ret
    .size montvec_adx_mul8, .-montvec_adx_mul8
