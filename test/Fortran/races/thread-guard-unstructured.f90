! RUN: %flang_hlfir %s -o %t.mlir
! RUN: %fir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %t.mlir -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
! The ELSE side of a thread guard lowered to blocks runs on every other
! thread; a flag thread 1 sets while the others poll it is a race (a spin
! wait needs an atomic read or a flush).
subroutine guard_else_writes(base, lpos)
  use omp_lib
  integer :: base, lpos, k
!$omp parallel shared(lpos) private(k)
  if (omp_get_thread_num() .eq. 1) then
    k = 0
  else
    lpos = base
    do while (k < 3)
      k = k + 1
    end do
  end if
!$omp end parallel
end subroutine
! CHECK: thread-guard-unstructured.f90:13:5: warning: 'lpos' is written by more than one thread with the same value ('base') without synchronization: a data race the OpenMP standard does not allow, though no store loses anything [privateer-same-value-store]

subroutine guard_flag(base, lpos, done)
  use omp_lib
  integer :: base, lpos
  logical :: done
!$omp parallel num_threads(2) shared(lpos, done)
  if (omp_get_thread_num() .eq. 1) then
    lpos = base + 2
    done = .true.
  else
    do while (.not. done)
    end do
  end if
!$omp end parallel
end subroutine
! CHECK: thread-guard-unstructured.f90:29:5: warning: 'done' is written by one thread while other threads access it without synchronization [privateer-shared-buffer]
