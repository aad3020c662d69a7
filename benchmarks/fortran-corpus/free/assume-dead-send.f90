! race: no
! The send path writes shared scalars, but the code states inside the loop that dest is never -1 (one process: nothing to send), so no iteration takes it.
module assume_send_mod
contains
  subroutine distribute(n, cand, dest_shr, val_shr, a)
    integer :: n, dest_shr, k, dest
    integer :: cand(n)
    double precision :: val_shr, a(n)
    !$omp parallel do private(dest)
    do k = 1, n
      dest = cand(k)
      !$omp assume holds(dest /= -1)
      if (dest == -1) then
        dest_shr = dest
        val_shr = a(k)
      else
        a(k) = a(k) + 1
      end if
      !$omp end assume
    end do
    !$omp end parallel do
  end subroutine
end module
program assume_dead_send
  use assume_send_mod
  implicit none
  integer :: cand(64), dest_shr
  double precision :: a(64), val_shr
  cand = 0
  a = 1.0d0
  call distribute(64, cand, dest_shr, val_shr, a)
  print *, sum(a)
end program
